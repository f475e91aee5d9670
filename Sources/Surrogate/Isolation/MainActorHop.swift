/// Hops to the main actor for an async resolution, carrying its values in a `TaskOwned` (see
/// Unchecked/Trusted.swift for why that is sound).
enum MainActorHop {
  /// Runs `body` on the main actor with `input`, and returns its result, for the async
  /// resolution `graph`; while it runs, the graph knows it is on the main actor.
  static func run<Input, Output>(
    _ graph: Graph, _ input: Input, _ body: @escaping @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> Output {
    try graph.beginMainActorHop()
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
    // NB: the hop ends on the main actor, when the body has run, not once the task is back on its
    // executor: in between, the main actor is free, and a synchronous resolve there that met an
    // instance this graph made and has not published yet took the graph for one that needs the
    // main actor, and threw `requiresAwait` (outside client 32: 27 to 31 of 1,000 resolves racing
    // resets). Needed again, the graph begins another hop, which backs off if the main actor waits.
    defer {
      graph.runsOnMainActor = outer
      graph.endMainActorHop()
    }
    return TaskOwned(value: try graph.runningSynchronously { try body(value) })
  }

  @MainActor
  private static func runOnMain<Input, Output>(
    _ input: TaskOwned<(Graph, Input)>, _ body: @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> TaskOwned<Output> {
    let (graph, value) = input.value
    let outer = graph.runsOnMainActor
    graph.runsOnMainActor = true
    // NB: ends on the main actor, as ``runSynchronouslyOnMain(_:_:)``'s does.
    defer {
      graph.runsOnMainActor = outer
      graph.endMainActorHop()
    }
    return TaskOwned(value: try await body(value))
  }
}
