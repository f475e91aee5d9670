import Surrogate
import Testing

private final class ExportRequest: Sendable {}
private final class ExportPool: Sendable {}

private final class ExportSession: Sendable {
  let pool: ExportPool
  let request: ExportRequest
  init(pool: ExportPool, request: ExportRequest) {
    self.pool = pool
    self.request = request
  }
}

private final class ExportHandler: Sendable {
  let session: ExportSession
  init(session: ExportSession) { self.session = session }
}

/// UnitsOfWork.md, "Validating in and out of a scope": a scope's `dependencyGraph()` draws the
/// scope's own definitions, `dependencyGraph(of:)` the scoped graph of a request with the app's
/// definitions, and the app's own drawing marks what only a scope provides as incomplete.
struct ScopeGraphExportTests {
  private func app() -> Container {
    let app = Container()
    app.register(.singleton) { ExportPool() }
    app.register(.scoped) { r in ExportSession(pool: try r.resolve(), request: try r.resolve()) }
    app.register { r in ExportHandler(session: try r.resolve()) }
    return app
  }

  @Test func aScopesGraphIsItsOwnDefinitionsAndARequestsGraphIsWhole() async throws {
    let app = app()
    let (own, request) = try await app.withScope { scope in
      scope.register { ExportRequest() }
      return (await scope.dependencyGraph(), try await scope.dependencyGraph(of: ExportHandler.self))
    }
    #expect(own.nodes.map(\.name) == ["ExportRequest"])
    #expect(Set(request.nodes.map(\.name)) == ["ExportHandler", "ExportSession", "ExportPool", "ExportRequest"])
    #expect(request.nodes.allSatisfy { $0.incomplete == nil }, "\(request.nodes)")
    #expect(request.edges.contains { $0.from.description == "ExportSession" && $0.to.description == "ExportRequest" })
  }

  @Test func theAppsGraphMarksWhatOnlyAScopeProvidesAsIncomplete() async {
    let graph = await app().dependencyGraph()
    let session = graph.nodes.first { $0.name == "ExportSession" }
    #expect(session?.scope == .scoped)
    #expect(session?.incomplete != nil, "\(graph.nodes)")
  }
}
