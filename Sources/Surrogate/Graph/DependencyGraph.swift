/// The definitions of a container and which of them asked for which while building: a picture of
/// the object graph.
///
/// ```swift
/// let graph = container.dependencyGraph()
/// print(graph.dot())        // Graphviz
/// print(graph.mermaid())    // Mermaid, for Markdown
/// for cycle in graph.cycles { print(cycle.map(\.description).joined(separator: " → ")) }
/// ```
public struct DependencyGraph: Sendable {
  /// A definition.
  ///
  /// ```swift
  /// for node in graph.nodes { print(node.key, node.scope, node.forwardedTypes) }
  /// ```
  public struct Node: Hashable, Sendable {
    /// The key the definition is registered under.
    ///
    /// An ancestor's definition that a nearer container hides with one of the same key, yet takes
    /// part (a parent's singleton resolves its dependencies in the parent), is keyed apart, so that
    /// both are drawn with their own scope and edges: its key's type is the same, and its
    /// description says whose it is, `Logger (the parent's)`.
    public let key: DefinitionKey
    /// How the drawings name it: its key, as you wrote it; a decorator is its type
    /// (`CachingAccounts`), numbered when two definitions would share a name (`CachingAccounts #2`).
    public let name: String
    /// Its scope.
    public let scope: Scope
    /// The types forwarded to it (`.implements`), and for a decorator the type it decorates.
    public let forwardedTypes: [DefinitionKey]
    /// For a decorator (``Container/decorate(_:tag:with:)``), the key it decorates; `nil` otherwise.
    public let decorates: DefinitionKey?
    /// Why the export could not build it whole, when it could not (a synchronous export met an
    /// `async` or main-actor definition, or a resolution error): its edges are those it made before
    /// it stopped. `nil` when it was drawn whole.
    public let incomplete: String?
  }

  /// "`from` asked for `to` while building."
  ///
  /// ```swift
  /// let weak = graph.edges.filter(\.isWeak)   // weak proxies and @InjectedWeak properties
  /// ```
  public struct Edge: Hashable, Sendable {
    /// The definition that asked.
    public let from: DefinitionKey
    /// The definition that answered.
    public let to: DefinitionKey
    /// The key that was asked for, when it differs from `to` (a forwarded type, a tag fallback).
    public let requested: DefinitionKey?
    /// Whether the dependency is handed out through a weak reference (a weak proxy, an
    /// `@InjectedWeak` property), so that it cannot close a strong cycle.
    public let isWeak: Bool
    /// Whether `from` is a decorator and `to` the instance it decorates (the next one in the
    /// chain, or the decorated definition).
    public let isDecoration: Bool
    /// Whether `from` takes `to` later: as a `Lazy`, `Provider`, `AsyncLazy` or `AsyncProvider`,
    /// which resolves `to` when it is used, not while `from` is built. Such an edge closes no
    /// cycle of ``cycles`` (a `Lazy` keeps what it resolved: a leak check sees a cycle through it).
    ///
    /// ```swift
    /// let later = graph.edges.filter(\.isDeferred).map { "\($0.from) → \($0.to)" }
    /// ```
    public let isDeferred: Bool
  }

  /// Every definition, in a stable order.
  public let nodes: [Node]
  /// Every edge, in a stable order.
  public let edges: [Edge]

  /// The strong cycles: each is a list of definitions whose last one asks for the first while
  /// it is built (weak and deferred edges left out).
  ///
  /// ```swift
  /// graph.cycles.first?.map(\.description) // ["ListPresenter", "ListViewController"]
  /// ```
  public var cycles: [[DefinitionKey]] {
    GraphCycles.find(
      nodes: nodes.map(\.key), edges: edges.filter { !$0.isWeak && !$0.isDeferred }.map { ($0.from, $0.to) })
  }

  /// Whether an edge lies on a strong cycle.
  ///
  /// ```swift
  /// graph.edges.filter(graph.isOnCycle)
  /// ```
  public func isOnCycle(_ edge: Edge) -> Bool {
    guard !edge.isWeak, !edge.isDeferred else { return false }
    return cycles.contains { cycle in
      zip(cycle, cycle.dropFirst() + cycle.prefix(1)).contains { $0 == edge.from && $1 == edge.to }
    }
  }

  init(nodes: [Node], edges: [Edge]) {
    self.nodes = nodes.sorted { ($0.name, $0.key.description) < ($1.name, $1.key.description) }
    self.edges = edges.sorted {
      ($0.from.description, $0.to.description, $0.requested?.description ?? "")
        < ($1.from.description, $1.to.description, $1.requested?.description ?? "")
    }
  }
}

/// Finds elementary cycles in a small directed graph: one per strongly connected component,
/// following the component from its smallest member so the output is stable.
enum GraphCycles {
  static func find(nodes: [DefinitionKey], edges: [(DefinitionKey, DefinitionKey)]) -> [[DefinitionKey]] {
    var successors: [DefinitionKey: [DefinitionKey]] = [:]
    for (from, to) in edges { successors[from, default: []].append(to) }
    for key in successors.keys { successors[key]?.sort { $0.description < $1.description } }
    var cycles: [[DefinitionKey]] = []
    var covered = Set<DefinitionKey>()
    for start in nodes.sorted(by: { $0.description < $1.description }) where !covered.contains(start) {
      guard let cycle = shortestCycle(from: start, successors: successors) else { continue }
      if cycle.contains(where: covered.contains) { continue }
      covered.formUnion(cycle)
      cycles.append(cycle)
    }
    return cycles
  }

  /// Breadth-first search back to `start`.
  private static func shortestCycle(from start: DefinitionKey, successors: [DefinitionKey: [DefinitionKey]])
    -> [DefinitionKey]?
  {
    var previous: [DefinitionKey: DefinitionKey] = [:]
    var queue = [start]
    var index = 0
    while index < queue.count {
      let current = queue[index]
      index += 1
      for next in successors[current] ?? [] {
        if next == start {
          var cycle = [current]
          while let before = previous[cycle[0]] { cycle.insert(before, at: 0) }
          return cycle
        }
        if previous[next] == nil, next != start {
          previous[next] = current
          queue.append(next)
        }
      }
    }
    return nil
  }
}
