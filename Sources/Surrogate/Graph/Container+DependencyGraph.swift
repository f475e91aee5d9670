extension Container {
  /// The graph of all definitions, with their dependencies discovered by resolving each in a
  /// throwaway graph (as ``validate()`` does).
  ///
  /// ```swift
  /// print(container.dependencyGraph().dot())
  /// ```
  ///
  /// Definitions that need runtime arguments appear as nodes without outgoing edges.
  public func dependencyGraph() -> DependencyGraph {
    let recorder = EdgeRecorder()
    let entries = snapshot().registry.entries
    for entry in entries where !entry.key.hasArguments {
      let graph = Graph(container: self, isValidation: true)
      graph.observer = recorder
      _ = try? graph.resolveErased(entry.key, arguments: (), from: self)
    }
    return makeDependencyGraph(recorder: recorder, entries: entries)
  }

  /// The graph of one resolution of `type`: the definitions it needed and who asked for whom.
  ///
  /// ```swift
  /// let screen = try container.dependencyGraph(of: ListViewController.self)
  /// #expect(screen.cycles.isEmpty)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The root to resolve.
  ///   - tag: The root's tag.
  /// - Returns: The graph.
  /// - Throws: The ``ResolutionError`` of the resolution.
  public func dependencyGraph<T>(of type: T.Type, tag: (any Hashable & Sendable)? = nil) throws(ResolutionError)
    -> DependencyGraph
  {
    let recorder = EdgeRecorder()
    let graph = Graph(container: self, isValidation: true)
    graph.observer = recorder
    _ = try graph.resolveErased(DefinitionKey(type: T.self, tag: .wrap(tag)), arguments: (), from: self)
    return makeDependencyGraph(recorder: recorder, entries: snapshot().registry.entries, onlyReached: true)
  }

  func makeDependencyGraph(recorder: EdgeRecorder, entries: [any Entry], onlyReached: Bool = false)
    -> DependencyGraph
  {
    var forwarded: [DefinitionKey: [DefinitionKey]] = [:]
    var scopes: [DefinitionKey: Scope] = recorder.scopes
    for entry in entries {
      if entry.isForwarding {
        forwarded[entry.sourceKey, default: []].append(entry.key)
      } else if let scoped = entry as? any ScopedEntry {
        scopes[entry.key] = scopes[entry.key] ?? scoped.scope
      }
    }
    let reached = Set(recorder.scopes.keys)
    let keys = onlyReached ? Array(reached) : Array(scopes.keys)
    let nodes = keys.compactMap { key in
      scopes[key].map {
        DependencyGraph.Node(
          key: key, scope: $0, forwardedTypes: (forwarded[key] ?? []).sorted { $0.description < $1.description })
      }
    }
    let edges = Set(
      recorder.requests.map {
        DependencyGraph.Edge(
          from: $0.from, to: $0.to, requested: $0.requested == $0.to ? nil : $0.requested, isWeak: $0.isWeak)
      })
    return DependencyGraph(nodes: nodes, edges: Array(edges))
  }
}
