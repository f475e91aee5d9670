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

  /// Keeps a `.unique` instance made asynchronously for the next request of definition `id`.
  func prepare(_ instance: Any, for id: RegistrationID) {
    extras.prepared[id, default: []].append(instance)
  }

  @usableFromInline
  func takePrepared(for id: RegistrationID) -> Any? {
    guard var queue = extrasStorage?.prepared[id], !queue.isEmpty else { return nil }
    let instance = queue.removeFirst()
    extrasStorage?.prepared[id] = queue.isEmpty ? nil : queue
    noteTaken(instance)
    return instance
  }

  /// Runs synchronous code (a factory, a block) in an async resolution. When it met a request it
  /// could not make where it ran (an `async` definition, or a main-actor one off the main
  /// actor), makes that request asynchronously in its own isolation and runs `body` again; the
  /// second run finds the instance ready. A body that caught the error (`try?`) runs again too.
  ///
  /// So a synchronous factory may run more than once in an async resolution: once per such
  /// dependency it meets, in order. When `body` makes again what its abandoned run made (it is
  /// `remaking`: a factory, a block run from its start), the `.unique` instances only that run
  /// received are orphans, disposed however the graph ends (see Graph+AbandonedRuns.swift);
  /// auto-injection keeps the properties it filled, and passes `false`.
  func replaying<Result>(remaking: Bool = true, _ body: () async throws -> Result) async throws -> Result {
    var runs = 0
    while true {
      runs += 1
      let start = startRun()
      let result: Result
      do {
        result = try await body()
      } catch {
        guard let deferred = takeDeferred() else { throw error }
        if remaking { abandonRun(start) }
        guard runs <= Self.maximumReplays else { throw deferred.error }
        try await make(deferred)
        continue
      }
      guard let deferred = takeDeferred() else { return result }
      if remaking { abandonRun(start) }
      guard runs <= Self.maximumReplays else { throw deferred.error }
      try await make(deferred)
    }
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
