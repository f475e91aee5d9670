// INVARIANT: (unchecked) values cross to the main actor and back without `Sendable` checks.
//
// Invariant: the values are a resolution's own (its resolver, graph, arguments and the instance
// being made) and an async resolution is one task: while the main actor runs `body`, the task
// that awaits it runs nothing else, so no two threads use them at once. `TaskOwned` is the only
// way they cross, and only our resolution code makes one.

/// Moves values a task owns across an isolation boundary it is about to await.
///
/// NB: unchecked by design (see the invariant above); not a lock.
@usableFromInline
struct TaskOwned<Value>: @unchecked Sendable {  // no lock: one task at a time (invariant at the top)
  @usableFromInline let value: Value
  @usableFromInline init(value: Value) { self.value = value }
}

enum MainActorHop {
  /// Runs `body` on the main actor with `input`, and returns its result, for the async
  /// resolution `graph`; while it runs, the graph knows it is on the main actor.
  static func run<Input, Output>(
    _ graph: Graph, _ input: Input, _ body: @escaping @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> Output {
    let output = try await runOnMain(TaskOwned(value: (graph, input)), body)
    return output.value
  }

  /// ``run(_:_:_:)`` for a synchronous `body` (a main-actor factory or block that is not
  /// `async`): it runs once as synchronous code of `graph` (``Graph/runningSynchronously(_:)``):
  /// as the main thread's current graph, so that a `container.resolve` inside it joins `graph`,
  /// and named by an error when what it asks for needs `await`.
  static func runSynchronously<Input, Output>(
    _ graph: Graph, _ input: Input, _ body: @escaping @MainActor @Sendable (Input) throws -> Output
  ) async throws -> Output {
    let output = try await runSynchronouslyOnMain(TaskOwned(value: (graph, input)), body)
    return output.value
  }

  @MainActor
  private static func runSynchronouslyOnMain<Input, Output>(
    _ input: TaskOwned<(Graph, Input)>, _ body: @MainActor @Sendable (Input) throws -> Output
  ) throws -> TaskOwned<Output> {
    let (graph, value) = input.value
    let outer = graph.runsOnMainActor
    graph.runsOnMainActor = true
    defer { graph.runsOnMainActor = outer }
    return TaskOwned(value: try graph.runningSynchronously { try body(value) })
  }

  @MainActor
  private static func runOnMain<Input, Output>(
    _ input: TaskOwned<(Graph, Input)>, _ body: @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> TaskOwned<Output> {
    let (graph, value) = input.value
    let outer = graph.runsOnMainActor
    graph.runsOnMainActor = true
    defer { graph.runsOnMainActor = outer }
    return TaskOwned(value: try await body(value))
  }
}
