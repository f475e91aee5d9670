/// The singletons a run of throwaway graphs made (the service ordering, the graph exports), each
/// given to the graphs after it, as `validate()` keeps them: a factory runs once across the run,
/// and an eager singleton made first, as `bootstrap()` makes it before anything asks, is there for
/// a synchronous factory that takes it although it needs `await`.
///
/// ```swift
/// var kept = ThrowawaySingletons()
/// for entry in container.eagerSingletons() { _ = await kept.resolve(entry.key, from: container, recordingIn: recorder) }
/// let graph = kept.graph(from: container, observedBy: recorder)
/// ```
struct ThrowawaySingletons {
  private var instances: [RegistrationID: AnyObject] = [:]

  /// A throwaway async graph from `container`, observed by `recorder`, with the singletons kept so
  /// far.
  func graph(from container: Container, observedBy recorder: EdgeRecorder) -> Graph {
    let graph = Graph(container: container, isValidation: true)
    graph.observer = recorder
    graph.isAsync = true
    for (id, instance) in instances { graph.shared[id] = instance }
    return graph
  }

  /// Resolves `key` in a graph of ``graph(from:observedBy:)``; when it succeeds and `keepsWhatItMade`,
  /// keeps the singletons it made for the graphs after it. Returns its error, if any, and the
  /// disposals of the throwaway instances it made.
  mutating func resolve(
    _ key: DefinitionKey, from container: Container, recordingIn recorder: EdgeRecorder, keepsWhatItMade: Bool = true
  ) async -> (error: (any Error)?, disposals: [ThrowawayDisposal]) {
    let graph = graph(from: container, observedBy: recorder)
    do {
      _ = try await graph.runningAsTaskGraph { try await graph.resolveErasedAsync(key, arguments: (), from: container) }
      if keepsWhatItMade {
        for id in graph.extrasStorage?.validationSingletons ?? [] {
          if let instance = graph.shared[id] { instances[id] = instance }
        }
      }
      return (nil, graph.extrasStorage?.validationDisposals ?? [])
    } catch {
      return (error, graph.extrasStorage?.validationDisposals ?? [])
    }
  }
}
