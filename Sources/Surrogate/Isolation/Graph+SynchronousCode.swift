// Synchronous code (a factory, a block) in an async resolution runs once, where the resolution
// runs; what it asks for must be made synchronously there, or it is a typed error (see
// `Registration.checkIsolation`).

extension Graph {
  /// Whether a main-actor factory or block can run synchronously here: the graph started on the
  /// main actor, or an async resolution is running a main-actor factory or block right now.
  @usableFromInline
  var isOnMainActor: Bool {
    if let isolation, isolation === MainActor.shared { return true }
    return isAsync && runsOnMainActor
  }

  /// Runs synchronous code of this async resolution (a factory, a block) as its thread's current
  /// graph, so that a `container.resolve` inside it joins this graph (Dip's idiom), as it joins a
  /// synchronous graph; then the thread's previous graph is current again, also when `body`
  /// throws.
  ///
  /// ```swift
  /// container.register { _ in Presenter(repo: try container.resolve(Repo.self)) }  // sync factory
  /// let presenter = try await container.resolve(Presenter.self)  // the factory's resolve joins
  /// ```
  ///
  /// NB: an async graph is current on no thread otherwise: a task may move between threads at a
  /// suspension, and another task may run on this thread meanwhile. A nested graph's owner
  /// (``owner``, for the wait coordinator) is found through ``AsyncGraphScope``, not through the
  /// thread: a graph that joins this one runs as this graph's task, as a request through `r` does.
  func runningAsCurrent<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    // Synchronous code cannot suspend: it runs on one thread from start to end, and no other task
    // or thread reads that thread's value meanwhile (ThreadGraph.swift's INVARIANT).
    try ThreadGraph.running(as: self, body)
  }

  /// Runs synchronous code of this async resolution once, as the thread's current graph
  /// (``runningAsCurrent(_:)``), noting where on the path it started (see
  /// ``blocksWaitForAsyncCode()``).
  ///
  /// ```swift
  /// let instance = try graph.runningSynchronously { try factory(resolver, arguments) }
  /// ```
  @usableFromInline
  func runningSynchronously<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    let outer = extras.synchronousRunDepth
    extras.synchronousRunDepth = frameCount
    defer { extras.synchronousRunDepth = outer }
    return try runningAsCurrent(body)
  }

  /// Whether the blocks of an instance that synchronous code makes now will wait for a
  /// construction that async code finishes: then they run in the async resolution, in their own
  /// isolation (`async` and main-actor blocks too), and the synchronous code need not await them
  /// (see ``Registration/checkIsolation(in:requested:)``).
  func blocksWaitForAsyncCode() -> Bool {
    guard isAsync, let depth = outermostConstruction() else { return false }
    return depth < (extrasStorage?.synchronousRunDepth ?? 0)
  }

  /// The frame of definition `id` whose factory is still running, if one is on the path.
  func constructingFrame(of id: RegistrationID) -> Frame? {
    guard pathBits & Self.pathBit(of: id) != 0 else { return nil }
    return frames.first { $0.id == id && $0.isConstructing }
  }
}
