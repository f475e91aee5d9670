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
    guard WaitCoordinator.shared.beginWaiting(owner, for: creator) else {
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
    WaitCoordinator.shared.endWaiting(owner)
  }

  func waitForCreationAsync(by creator: GraphOwner, gate: Gate, requested: DefinitionKey) async throws {
    guard WaitCoordinator.shared.beginWaiting(owner, for: creator) else {
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

  static var waitCycleRemedy: String {
    "If each singleton's factory needs the other, break the cycle: inject one of them through "
      + "`.resolvingProperties`."
  }
}
