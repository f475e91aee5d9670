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

  /// The waits, and the async graphs that are running code on the main actor (or hopping there).
  private struct State {
    /// For each waiting runner (a thread, or an async graph's task), the graph it waits for; a
    /// synchronous graph that waits on the main actor is listed under ``GraphOwner/Runner/mainActor``
    /// too.
    ///
    /// NB: keyed by runner, not by graph: a graph that owns a singleton may be blocked by another
    /// graph nested on its runner (its factory called `y.resolve` on a container of another family,
    /// and that graph waits); the chain of waits follows the owner's runner to that wait. A runner
    /// waits for one thing at a time.
    var waits: [GraphOwner.Runner: GraphOwner] = [:]
    /// How many main-actor hops each async graph's runner is in (``MainActorHop``): a runner
    /// listed here needs the main actor to go on.
    var hops: [GraphOwner.Runner: Int] = [:]

    /// What `owner` waits for: the graph its runner waits for, or, when it is hopping to the
    /// main actor while a synchronous graph there waits, the graph that one waits for (the main
    /// actor is blocked until it finishes). A wait on a graph that hops to a blocked main actor
    /// closes a cycle through it: main actor → A → B → main actor (outside client 29).
    func next(after owner: GraphOwner) -> GraphOwner? {
      if let next = waits[owner.runner] { return next }
      guard hops[owner.runner, default: 0] > 0, let blocking = waits[.mainActor], blocking.runner != owner.runner
      else { return nil }
      return blocking
    }

    /// The first answer `visit` gives along the chain of waits from `owner` (itself first, then
    /// what each waits for, see ``next(after:)``), or `nil` at its end. Bounded: a chain of waits
    /// has one graph per waiting runner.
    func firstAlongWaits<Answer>(from owner: GraphOwner, _ visit: (GraphOwner) -> Answer?) -> Answer? {
      var current = owner
      for _ in 0...(waits.count + 1) {
        if let answer = visit(current) { return answer }
        guard let next = next(after: current) else { return nil }
        current = next
      }
      return nil
    }
  }

  private let state = Mutex(State())

  private init() {}

  /// What a wait would do.
  enum Decision {
    /// Wait: no cycle.
    case wait
    /// A cycle of waits: the waiter backs off.
    case cycle
    /// A synchronous waiter on the main actor would block it while a graph it waits for (or one
    /// that graph waits for) needs the main actor: it must not wait.
    case blocksTheMainActor
  }

  /// Records that `waiter` waits for `owner`, unless that closes a cycle of waits; `onMainActor`
  /// when the waiter is a synchronous graph on the main actor, which blocks it while it waits.
  func beginWaiting(_ waiter: GraphOwner, for owner: GraphOwner, onMainActor: Bool = false) -> Decision {
    state.withLock(owner: self) { state in
      let stop = state.firstAlongWaits(from: owner) { current -> Decision? in
        if current.runner == waiter.runner { return .cycle }
        return onMainActor && state.hops[current.runner, default: 0] > 0 ? .blocksTheMainActor : nil
      }
      if let stop { return stop }
      state.waits[waiter.runner] = owner
      if onMainActor { state.waits[.mainActor] = owner }
      return .wait
    }
  }

  /// Records that the main actor, blocked by a synchronous resolution that holds nothing (it
  /// backed off from a cycle of waits), waits for `owner`; `false` when that would block it while
  /// `owner` (or one it waits for) needs the main actor.
  ///
  /// NB: not ``beginWaiting(_:for:onMainActor:)``: the graph it backed off from may still be
  /// listed as waiting for this thread's abandoned graph (it has not run since the gate opened),
  /// which that method takes for a cycle and does not record; a wait nobody knew of let that graph
  /// hop to the main actor and wait there for ever (outside client 29).
  func beginMainActorWait(for owner: GraphOwner) -> Bool {
    state.withLock(owner: self) { state in
      let needsTheMainActor = state.firstAlongWaits(from: owner) { state.hops[$0.runner, default: 0] > 0 ? true : nil }
      if needsTheMainActor == true { return false }
      state.waits[.mainActor] = owner
      return true
    }
  }

  func endMainActorWait() {
    state.withLock(owner: self) { state in _ = state.waits.removeValue(forKey: .mainActor) }
  }

  func endWaiting(_ waiter: GraphOwner, onMainActor: Bool = false) {
    state.withLock(owner: self) { state in
      state.waits.removeValue(forKey: waiter.runner)
      if onMainActor { state.waits.removeValue(forKey: .mainActor) }
    }
  }

  /// Records that the async graph running on `runner` needs the main actor, unless code on the
  /// main actor is blocked waiting for it (directly or through other waits): then `false`, and
  /// it must back off so that the main actor can go on.
  func beginMainActorHop(_ runner: GraphOwner.Runner) -> Bool {
    state.withLock(owner: self) { state in
      if let blocking = state.waits[.mainActor],
        state.firstAlongWaits(from: blocking, { $0.runner == runner ? true : nil }) == true
      {
        return false
      }
      state.hops[runner, default: 0] += 1
      return true
    }
  }

  func endMainActorHop(_ runner: GraphOwner.Runner) {
    state.withLock(owner: self) { state in
      let depth = state.hops[runner, default: 1] - 1
      state.hops[runner] = depth > 0 ? depth : nil
    }
  }
}
