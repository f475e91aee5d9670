/// Hops to the main actor for an async resolution, carrying its values in a `TaskOwned` (see
/// Unchecked/Trusted.swift for why that is sound).
enum MainActorHop {
  /// Runs `body` on the main actor with `input`, and returns its result, for the async
  /// resolution `graph`; while it runs, the graph knows it is on the main actor.
  static func run<Input, Output>(
    _ graph: Graph, _ input: Input, _ body: @escaping @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> Output {
    try graph.beginMainActorHop()
    defer { graph.endMainActorHop() }
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
    try graph.beginMainActorHop()
    defer { graph.endMainActorHop() }
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
