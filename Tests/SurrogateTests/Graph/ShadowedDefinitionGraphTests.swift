import SuiteSupport
import Surrogate
import Testing

// A child that registers a type its parent registers too hides the parent's definition from its
// own requests, but not from the parent's singletons, which resolve in the parent: both
// definitions take part in one graph, and the export draws both (outside client 31).

private final class ShadowLogger: Sendable {
  let label: String
  init(label: String) { self.label = label }
}
private final class AppService: Sendable {
  let logger: ShadowLogger
  init(logger: ShadowLogger) { self.logger = logger }
}
private final class ScreenService: Sendable {
  let logger: ShadowLogger
  init(logger: ShadowLogger) { self.logger = logger }
}
private final class ShadowRoot: Sendable {
  let app: AppService
  let screen: ScreenService
  init(app: AppService, screen: ScreenService) {
    self.app = app
    self.screen = screen
  }
}

struct ShadowedDefinitionGraphTests {
  private func compose() -> (app: Container, child: Container) {
    let app = Container()
    app.register(.singleton) { ShadowLogger(label: "app") }
    app.autowire(.singleton, AppService.init)
    let child = Container(parent: app)
    child.register(.unique) { ShadowLogger(label: "child") }
    child.autowire(ScreenService.init)
    child.autowire(ShadowRoot.init)
    return (app, child)
  }

  @Test func theExportDrawsTheParentsDefinitionApartFromTheChildsThatHidesIt() throws {
    let (_, child) = compose()
    let root = try child.resolve(ShadowRoot.self)
    #expect(root.app.logger.label == "app" && root.screen.logger.label == "child")
    let graph = try child.dependencyGraph(of: ShadowRoot.self)
    let loggers = graph.nodes.filter { $0.key.type == ShadowLogger.self }
    #expect(Set(loggers.map(\.scope)) == [.unique, .singleton], "\(loggers.map(\.name))")
    let scopeOfLogger = { (from: Any.Type) in
      graph.edges.first { $0.from.type == from && $0.to.type == ShadowLogger.self }
        .flatMap { edge in graph.nodes.first { $0.key == edge.to }?.scope }
    }
    #expect(scopeOfLogger(AppService.self) == .singleton)
    #expect(scopeOfLogger(ScreenService.self) == .unique)
    let parents = try #require(loggers.first { $0.scope == .singleton })
    #expect(parents.name == "ShadowLogger (the parent's)", "\(parents.name)")
    #expect(loggers.first { $0.scope == .unique }?.name == "ShadowLogger")
  }

  @Test func theWholeContainerExportDrawsBothToo() {
    let (_, child) = compose()
    let graph = child.dependencyGraph()
    let scopes = Set(graph.nodes.filter { $0.key.type == ShadowLogger.self }.map(\.scope))
    #expect(scopes == [.unique, .singleton], "\(graph.nodes.map(\.name))")
    #expect(graph.edges.allSatisfy { edge in graph.nodes.contains { $0.key == edge.from } })
    #expect(graph.edges.allSatisfy { edge in graph.nodes.contains { $0.key == edge.to } })
  }

  /// The parent's own export has nothing hidden: its definition keeps its key and name.
  @Test func theParentsOwnExportIsUnchanged() {
    let (app, _) = compose()
    let graph = app.dependencyGraph()
    #expect(graph.nodes.filter { $0.key.type == ShadowLogger.self }.map(\.name) == ["ShadowLogger"])
    #expect(graph.nodes.contains { $0.key == DefinitionKey(type: ShadowLogger.self) })
  }
}

private final class DetailSource: Sendable {}
private final class OrderDetail: Sendable {
  let id: String
  let source: DetailSource
  init(id: String, source: DetailSource) {
    self.id = id
    self.source = source
  }
}

struct GraphOfARootWithArgumentsTests {
  private func compose() -> Container {
    let container = Container()
    container.register { DetailSource() }
    container.register { (r, id: String) in OrderDetail(id: id, source: try r.resolve()) }
    return container
  }

  /// A root registered with runtime arguments is drawn with the arguments passed, as
  /// `checkForLeaks` and `validate` take them; without, it throws as `resolve` does.
  @Test func aRootWithRuntimeArgumentsIsDrawnWithThem() async throws {
    let container = compose()
    let graph = try synchronousGraph(of: container)
    #expect(graph.edges.map { "\($0.from) → \($0.to)" } == ["OrderDetail (arguments: String) → DetailSource"])
    let awaited = try await container.dependencyGraph(of: OrderDetail.self, arguments: "o42")
    #expect(awaited.edges.map { "\($0.from) → \($0.to)" } == ["OrderDetail (arguments: String) → DetailSource"])
  }
}

/// The synchronous export (an async test would pick the awaited one); without arguments it throws
/// as `resolve` does.
private func synchronousGraph(of container: Container) throws -> DependencyGraph {
  let error = #expect(throws: ResolutionError.self) { try container.dependencyGraph(of: OrderDetail.self) }
  #expect(
    error?.remedy.contains("Pass them: `resolve(OrderDetail.self, arguments: ...)`") == true, "\(error?.remedy ?? "")")
  return try container.dependencyGraph(of: OrderDetail.self, arguments: "o42")
}

private protocol NamedAccounts: Sendable {}
private final class RemoteNamedAccounts: NamedAccounts {}
private final class CachingNamedAccounts: NamedAccounts {
  let upstream: any NamedAccounts
  init(upstream: any NamedAccounts) { self.upstream = upstream }
}

struct DecoratorNodeNameTests {
  /// A decorator is named after the type it makes, also when its closure returns the decorated
  /// existential: two such decorators are `CachingNamedAccounts` and `CachingNamedAccounts #2`.
  @Test func aDecoratorReturningTheExistentialIsNamedAfterWhatItMade() {
    let container = Container()
    container.register(.singleton) { RemoteNamedAccounts() }.implements((any NamedAccounts).self)
    container.decorate((any NamedAccounts).self) { _, inner in
      CachingNamedAccounts(upstream: inner) as any NamedAccounts
    }
    container.decorate((any NamedAccounts).self) { _, inner in
      CachingNamedAccounts(upstream: inner) as any NamedAccounts
    }
    let names = container.dependencyGraph().nodes.filter { $0.decorates != nil }.map(\.name).sorted()
    #expect(names == ["CachingNamedAccounts", "CachingNamedAccounts #2"], "\(names)")
  }
}

extension ShadowedDefinitionGraphTests {
  /// In a scope: the scope registers its own logger, and the app's singleton keeps the app's; the
  /// scope's export draws both, the app's as the parent's.
  @Test func aScopesExportDrawsTheAppsDefinitionItHides() throws {
    let app = Container()
    app.register(.singleton) { ShadowLogger(label: "app") }
    app.autowire(.singleton, AppService.init)
    app.autowire(ScreenService.init)
    app.autowire(ShadowRoot.init)
    let (root, graph) = try app.withScope { scope in
      scope.register { ShadowLogger(label: "scope") }
      return (try scope.resolve(ShadowRoot.self), try scope.dependencyGraph(of: ShadowRoot.self))
    }
    #expect(root.app.logger.label == "app" && root.screen.logger.label == "scope")
    let names = graph.nodes.filter { $0.key.type == ShadowLogger.self }.map(\.name).sorted()
    #expect(names == ["ShadowLogger", "ShadowLogger (the parent's)"], "\(names)")
    let parents = graph.nodes.first { $0.name == "ShadowLogger (the parent's)" }
    #expect(graph.edges.contains { $0.from.type == AppService.self && $0.to == parents?.key })
  }
}
