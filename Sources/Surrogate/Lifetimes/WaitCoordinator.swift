import Synchronization

/// Knows which graph waits for which, so that a wait that would close a cycle of waiting threads
/// throws `circularDependency` instead of hanging.
///
/// One for the whole process (``shared``): a wait can cross families of containers. A
/// collaborator's singleton is claimed by the graph that asked for it (see
/// `Graph.resolveInCollaborators`), so two threads whose graphs started in collaborating
/// containers can each wait for a singleton the other is making; a cycle of waits is a deadlock
/// whichever containers its singletons belong to.
///
/// NB: one process-wide map of waits, not one per family of containers joined when containers
/// collaborate: a joined map would have to merge the waits already recorded in both when
/// `collaborate(with:)` runs beside a resolve, and a family would have to follow its joins for
/// every wait. Only waiting touches the map (a singleton another graph is making, a slow path): a
/// resolve that does not wait never does, so unrelated containers contend only when both wait.
/// What is per family (whether overrides were installed) is ``ContainerFamily``'s.
final class WaitCoordinator: Sendable {
  /// The process's coordinator, which every graph's waits go through.
  static let shared = WaitCoordinator()

  /// For each waiting runner (a thread, or an async graph's task), the graph it waits for.
  ///
  /// NB: keyed by runner, not by graph: a graph that owns a singleton may be blocked by another
  /// graph nested on its runner (its factory called `y.resolve` on a container of another family,
  /// and that graph waits); the chain of waits follows the owner's runner to that wait. A runner
  /// waits for one thing at a time.
  private let waits = Mutex<[GraphOwner.Runner: GraphOwner]>([:])

  private init() {}

  /// Registers that `waiter` is about to wait for `owner`; returns `false` when that would
  /// deadlock: `owner` runs on the waiter's own runner, or is (transitively) waiting for it.
  func beginWaiting(_ waiter: GraphOwner, for owner: GraphOwner) -> Bool {
    waits.withLock(owner: self) { waits in
      var current = owner
      var steps = 0
      while true {
        if current.runner == waiter.runner { return false }
        guard let next = waits[current.runner], steps < waits.count else { break }
        current = next
        steps += 1
      }
      waits[waiter.runner] = owner
      return true
    }
  }

  func endWaiting(_ waiter: GraphOwner) {
    _ = waits.withLock(owner: self) { $0.removeValue(forKey: waiter.runner) }
  }
}
