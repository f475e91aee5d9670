extension Graph {
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

  /// ``replaying(remaking:_:)`` for synchronous code, which runs as the thread's current graph
  /// (``runningAsCurrent(_:)``) each time.
  func replayingSynchronously<Result>(remaking: Bool = true, _ body: () throws -> Result) async throws -> Result {
    try await replaying(remaking: remaking) {
      let outer = extras.synchronousRunDepth
      extras.synchronousRunDepth = frameCount
      defer { extras.synchronousRunDepth = outer }
      return try runningAsCurrent(body)
    }
  }

  /// Whether the blocks of an instance that synchronous code makes now will wait for a
  /// construction that async code finishes: then they run in the async resolution, in their own
  /// isolation (`async` and main-actor blocks too), and the synchronous code need not run again
  /// for them (see ``Registration/checkIsolation(_:in:requested:owner:lookup:)``).
  func blocksWaitForAsyncCode() -> Bool {
    guard isAsync, let depth = outermostConstruction() else { return false }
    return depth < (extrasStorage?.synchronousRunDepth ?? 0)
  }
}
