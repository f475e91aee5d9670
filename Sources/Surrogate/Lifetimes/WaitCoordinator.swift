import Synchronization

/// Knows which graph waits for which, so that a wait that would close a cycle of waiting threads
/// throws `circularDependency` instead of hanging.
///
/// Shared by a container and all its children (singletons of a parent are created from children).
@usableFromInline
final class WaitCoordinator: Sendable {
  private let waits = Mutex<[GraphOwner: GraphOwner]>([:])
  /// Set once any container of this family has had overrides installed; until then `resolve`
  /// does not read the task-local override scope.
  @usableFromInline let overridesInstalled = Atomic<Bool>(false)

  /// Whether any container of this family has had overrides installed: read inline by every
  /// `resolve`, so that the common answer, no, costs one load.
  @inlinable @inline(__always)
  var hasOverrides: Bool { overridesInstalled.load(ordering: .relaxed) }

  func noteOverrides() { overridesInstalled.store(true, ordering: .relaxed) }

  /// Registers that `waiter` is about to wait for `owner`; returns `false` when that would
  /// deadlock: `owner` is the waiter's own thread, or is (transitively) waiting for the waiter.
  func beginWaiting(_ waiter: GraphOwner, for owner: GraphOwner) -> Bool {
    waits.withLock(owner: self) { waits in
      var current = owner
      var steps = 0
      while true {
        if current == waiter || current.thread == waiter.thread { return false }
        guard let next = waits[current], steps < waits.count else { break }
        current = next
        steps += 1
      }
      waits[waiter] = owner
      return true
    }
  }

  func endWaiting(_ waiter: GraphOwner) {
    _ = waits.withLock(owner: self) { $0.removeValue(forKey: waiter) }
  }
}
