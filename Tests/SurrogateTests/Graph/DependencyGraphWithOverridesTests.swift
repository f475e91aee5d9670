import SuiteSupport
import Surrogate
import Testing

private protocol Backend: AnyObject {}

private final class Wire {}

private final class LiveBackend: Backend {
  let wire: Wire
  init(wire: Wire) { self.wire = wire }
}

private final class StubBackend: Backend {}

private final class Dashboard {
  let backend: any Backend
  init(backend: any Backend) { self.backend = backend }
}

/// Inside `withOverrides`, the graph of one resolution is the graph `resolve` makes there: the
/// overrides' definitions and what they need, not the container's own.
struct DependencyGraphWithOverridesTests {
  private func app() -> Container {
    let app = Container()
    app.register { Wire() }
    app.register { r in LiveBackend(wire: try r.resolve()) as any Backend }
    app.register { r in Dashboard(backend: try r.resolve()) }
    return app
  }

  private static func edges(_ graph: DependencyGraph) -> Set<String> {
    Set(graph.edges.map { "\($0.from) -> \($0.to)" })
  }

  @Test func theGraphOfAResolutionInsideOverridesIsTheOverridesGraph() throws {
    let app = app()
    #expect(Self.edges(try app.dependencyGraph(of: Dashboard.self)).contains("Backend -> Wire"))
    let overridden = try app.withOverrides({ $0.register { StubBackend() as any Backend } }) {
      try app.dependencyGraph(of: Dashboard.self)
    }
    #expect(Self.edges(overridden) == ["Dashboard -> Backend"])
    #expect(!overridden.nodes.map(\.key.description).contains("Wire"))
    let resolved = try app.withOverrides({ $0.register { StubBackend() as any Backend } }) {
      try app.resolve(Dashboard.self).backend
    }
    #expect(resolved is StubBackend)
  }

  @Test func theAwaitedGraphOfAResolutionInsideOverridesIsTheOverridesGraph() async throws {
    let app = app()
    let overridden = try await app.withOverrides({ $0.register { StubBackend() as any Backend } }) {
      try await app.dependencyGraph(of: Dashboard.self)
    }
    #expect(Self.edges(overridden) == ["Dashboard -> Backend"])
  }

  /// A reached definition of an ancestor keeps its forwarded types in the graph of a resolution
  /// from a child (an override is one).
  @Test func aParentsDefinitionReachedFromAChildKeepsItsForwardedTypes() throws {
    let app = Container()
    app.register { Wire() }
    app.register { r in LiveBackend(wire: try r.resolve()) }.implements((any Backend).self)
    app.register { r in Dashboard(backend: try r.resolve()) }
    let child = Container(parent: app)
    let graph = try child.dependencyGraph(of: Dashboard.self)
    let live = graph.nodes.first { $0.key.description == "LiveBackend" }
    #expect(live?.forwardedTypes.map(\.description) == ["Backend"])
  }
}
