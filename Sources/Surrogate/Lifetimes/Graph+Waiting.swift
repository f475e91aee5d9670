/// Waiting for a singleton another graph is creating, and backing off when the wait would close a
/// cycle of waiting threads.
extension Graph {
  /// Who runs the graph (see ``GraphOwner``): the runner of the async graph of this task whose
  /// factory started it, if any; else its thread, or for an async graph the graph itself, standing
  /// for its task (a task may move between threads, so thread identity means nothing there).
  var owner: GraphOwner {
    if let owner = extras.owner { return owner }
    let runner: GraphOwner.Runner
    if let enclosing = AsyncGraphScope.enclosing(of: self) {
      runner = enclosing.owner.runner
    } else if isAsync {
      runner = .task(outermostGraph: ObjectIdentifier(self))
    } else {
      runner = .thread(currentThreadID())
    }
    let owner = GraphOwner(graph: ObjectIdentifier(self), runner: runner)
    extras.owner = owner
    return owner
  }

  /// The gate to wait for before starting this graph's resolution again, if it backed off from
  /// a cycle of waiting threads.
  @usableFromInline var retryGate: Gate? { extrasStorage?.retryAfter }

  func waitForCreation(by creator: GraphOwner, gate: Gate, requested: DefinitionKey) throws(ResolutionError) {
    let onMainActor = !isAsync && isOnMainActor
    let decision = WaitCoordinator.shared.beginWaiting(owner, for: creator, onMainActor: onMainActor)
    if decision == .blocksTheMainActor {
      // An awaited resolve is making it and needs the main actor to finish: blocking the main
      // actor here would wait for ever. No retry: it would block the same way.
      throw Self.blockingTheMainActor(requested, path: path(to: requested))
    }
    guard decision == .wait else {
      let sameThread = creator.runner == owner.runner
      // Two threads each create a singleton the other needs (a cycle broken with
      // `resolvingProperties`, first resolved from both ends at once): this one backs off. Its
      // top-level `resolve` abandons what it claimed, waits for the other graph, and starts
      // again; if it cannot, the error below says what happened.
      if !sameThread { extras.retryAfter = gate }
      throw ResolutionError(
        .circularDependency, key: requested, path: path(to: requested),
        message: sameThread
          ? "\(requested) is being created by an outer `resolve` on this thread, which is waiting for it."
          : "\(requested) is being created on another thread that is waiting for a singleton this thread is "
            + "creating.",
        remedy: sameThread
          ? "Inside a factory, resolve through the factory's resolver `r`, not the container, so the dependency "
            + "joins the same graph."
          : Self.waitCycleRemedy)
    }
    gate.wait()
    WaitCoordinator.shared.endWaiting(owner, onMainActor: onMainActor)
  }

  /// A synchronous resolution on the main actor that backed off from a cycle of waits waits for
  /// the graph it backed off from before it starts again: through the coordinator, as any wait
  /// on the main actor, so that the other graph backs off in turn if it needs the main actor to
  /// finish, and the main actor never waits for what needs it. Elsewhere a plain wait.
  ///
  /// - Throws: `requiresAwait` when the graph it waits for needs the main actor now.
  @usableFromInline
  static func waitBeforeResolvingAgain(for gate: Gate, failure: ResolutionError, isolation: (any Actor)?)
    throws(ResolutionError)
  {
    guard let isolation, isolation === MainActor.shared, let creator = gate.creator else { return gate.wait() }
    guard WaitCoordinator.shared.beginMainActorWait(for: creator) else {
      throw blockingTheMainActor(failure.key, path: failure.path)
    }
    gate.wait()
    WaitCoordinator.shared.endMainActorWait()
  }

  /// The error of a synchronous resolution on the main actor that would wait for a singleton an
  /// awaited `resolve` is making, which needs the main actor to finish it.
  static func blockingTheMainActor(_ requested: DefinitionKey, path: [DefinitionKey]) -> ResolutionError {
    ResolutionError(
      .requiresAwait, key: requested, path: path,
      message: "\(requested) is being made by an awaited `resolve` that needs the main actor to finish it, and this "
        + "synchronous resolution on the main actor would block the main actor waiting for it.",
      remedy: "Resolve it with `try await container.resolve(...)` here: it waits without blocking the main actor. "
        + "Or, for a singleton, make it before anything asks (an `.eagerSingleton` that `try await bootstrap()` "
        + "makes).")
  }

  func waitForCreationAsync(by creator: GraphOwner, gate: Gate, requested: DefinitionKey) async throws {
    guard WaitCoordinator.shared.beginWaiting(owner, for: creator) == .wait else {
      let sameTask = creator.runner == owner.runner
      if !sameTask { extras.retryAfter = gate }
      throw ResolutionError(
        .circularDependency, key: requested, path: path(to: requested),
        message: sameTask
          ? "\(requested) is being created by an outer `resolve` in this task, which is waiting for it."
          : "\(requested) is being created by another resolution that is waiting for a singleton this one is "
            + "creating.",
        remedy: sameTask
          ? "Inside a factory, resolve through the factory's resolver `r`, not the container, so the dependency "
            + "joins the same graph."
          : Self.waitCycleRemedy)
    }
    defer { WaitCoordinator.shared.endWaiting(owner) }
    try await gate.waitAsync()
  }

  /// Notes that this async graph needs the main actor (see ``MainActorHop``), unless a
  /// synchronous resolve on the main actor is blocked waiting for it: then it backs off, as from a
  /// cycle of waits. Its top-level `resolve` abandons what it claimed, which lets the main actor
  /// make what it waited for, and starts again.
  func beginMainActorHop() throws(ResolutionError) {
    guard !WaitCoordinator.shared.beginMainActorHop(owner.runner) else { return }
    let retryNow = Gate()
    retryNow.open()
    extras.retryAfter = retryNow
    // Started again at once, it could claim the singleton again before the woken main actor did
    // and back off again, until its retries ran out and the caller got this error (1 run in 8 of
    // `MainActorSingletonRaceTests` in a debug build, 0 in 12 with this). The main actor runs
    // that resolution first.
    extras.retriesAfterTheMainActor = true
    let key = frames.last?.key ?? DefinitionKey(type: MainActor.self, tag: nil)
    throw ResolutionError(
      .circularDependency, key: key, path: path(to: key),
      message: "\(key) needs the main actor, where a synchronous resolution is waiting for a singleton this "
        + "resolution is making.",
      remedy: "Resolve the singleton with `try await container.resolve(...)` on the main actor too, or make it "
        + "before (an `.eagerSingleton` that `try await bootstrap()` makes).")
  }

  func endMainActorHop() {
    WaitCoordinator.shared.endMainActorHop(owner.runner)
  }

  static var waitCycleRemedy: String {
    "If each singleton's factory needs the other, break the cycle: inject one of them through "
      + "`.resolvingProperties`."
  }
}
