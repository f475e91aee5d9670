extension Graph {
  /// Whether a main-actor factory or block can run synchronously here: the graph started on the
  /// main actor, or an async resolution is running a main-actor factory or block right now.
  @usableFromInline
  var isOnMainActor: Bool {
    if let isolation, isolation === MainActor.shared { return true }
    return isAsync && runsOnMainActor
  }

  /// Leaves a note to make a request asynchronously (see ``replaying(remaking:_:)``); the
  /// innermost note wins, since the code that made the outer request runs again anyway.
  func deferUntilAwaited(_ error: ResolutionError, make: @escaping (Graph) async throws -> Void) {
    guard extras.deferred == nil else { return }
    extras.deferred = Deferred(error: error) { graph in
      graph.observer?.makesDeferred(isStarting: true)
      defer { graph.observer?.makesDeferred(isStarting: false) }
      try await make(graph)
    }
  }

  /// Takes the note ``deferUntilAwaited(_:make:)`` left, if any.
  func takeDeferred() -> Deferred? {
    guard let deferred = extrasStorage?.deferred else { return nil }
    extrasStorage?.deferred = nil
    return deferred
  }

  /// Keeps a `.unique` instance made asynchronously for the next run's request of definition `id`
  /// that finds none before it (see ``PreparedInstances``).
  func prepare(_ instance: Any, for id: RegistrationID) {
    extras.prepared.append(instance, for: id)
  }

  /// The instance made asynchronously for this request of definition `id` in the current run: the
  /// n-th request takes the n-th instance made for it.
  @usableFromInline
  func takePrepared(for id: RegistrationID) -> Any? {
    guard let extras = extrasStorage, !extras.prepared.isEmpty else { return nil }
    guard let taken = extras.prepared.take(for: id, takenBy: nearestHolder) else { return nil }
    noteTaken(taken.instance, holder: taken.holder)
    return taken.instance
  }

  /// Runs synchronous code (a factory, a block) in an async resolution. When it met a request it
  /// could not make where it ran (an `async` definition, or a main-actor one off the main
  /// actor), makes that request asynchronously in its own isolation and runs `body` again; the
  /// next run finds the instance ready, in the order it asks (a `.unique` definition asked for
  /// twice gets two: see ``PreparedInstances``). A body that caught the error (`try?`) runs again
  /// too.
  ///
  /// So a synchronous factory may run more than once in an async resolution: once per such
  /// request it meets, in order. When `body` makes again what its abandoned run made (it is
  /// `remaking`: a factory, a block run from its start), the `.unique` instances only that run
  /// received are orphans, disposed however the graph ends (see Graph+AbandonedRuns.swift), except
  /// those made asynchronously for it, which the next run takes again; auto-injection keeps the
  /// properties it filled, and passes `false`.
  func replaying<Result>(remaking: Bool = true, _ body: () async throws -> Result) async throws -> Result {
    // The instances made for the code around `body` wait until it is done.
    let outer = startPreparing()
    defer { finishPreparing(restoring: outer) }
    var runs = 0
    while true {
      runs += 1
      let start = startRun()
      let result: Result
      do {
        result = try await body()
      } catch {
        guard let deferred = takeDeferred() else { throw error }
        endRun(start, isAbandoned: remaking)
        guard runs <= Self.maximumReplays else { throw deferred.error }
        try await make(deferred)
        continue
      }
      guard let deferred = takeDeferred() else { return result }
      endRun(start, isAbandoned: remaking)
      guard runs <= Self.maximumReplays else { throw deferred.error }
      try await make(deferred)
    }
  }

  /// Sets the instances made for the code around a new ``replaying(remaking:_:)`` aside, if any.
  private func startPreparing() -> PreparedInstances? {
    guard let extras = extrasStorage, !extras.prepared.isEmpty else { return nil }
    defer { extras.prepared = PreparedInstances() }
    return extras.prepared
  }

  /// A ``replaying(remaking:_:)`` returned or threw: what its last run took is received, what no
  /// run took is nobody's; the instances made for the code around it are back.
  private func finishPreparing(restoring outer: PreparedInstances?) {
    guard let extras = extrasStorage else { return }
    if !extras.prepared.isEmpty {
      for instance in extras.prepared.finish() { orphan(instance) }
    }
    if let outer { extras.prepared = outer }
  }

  /// A run that met a request it could not make ends: when it is abandoned, what it took of the
  /// instances made for it goes to the next run (unless an instance of the run that the graph
  /// keeps holds it), and what else it made only it received is an orphan; otherwise (its body
  /// keeps what it made) it keeps them.
  private func endRun(_ start: RunStart, isAbandoned: Bool) {
    if let extras = extrasStorage, !extras.prepared.isEmpty {
      if isAbandoned {
        let givenBack = extras.prepared.giveBackTaken { isHeld(by: $0, from: start) }
        for instance in givenBack { forgetTaken(instance) }
      } else {
        extras.prepared.keepTaken()
      }
    }
    if isAbandoned { abandonRun(start) }
  }

  /// Makes what a run could not make, for the next run.
  private func make(_ deferred: Deferred) async throws {
    extras.makesDeferred += 1
    defer { extras.makesDeferred -= 1 }
    try await deferred.make(self)
  }

  /// How often ``replaying(remaking:_:)`` runs one body before it reports what it could not make.
  static var maximumReplays: Int { 64 }
}

extension Graph {
  /// The frame of definition `id` whose factory is still running, if one is on the path.
  func constructingFrame(of id: RegistrationID) -> Frame? {
    guard pathBits & Self.pathBit(of: id) != 0 else { return nil }
    return frames.first { $0.id == id && $0.isConstructing }
  }
}
