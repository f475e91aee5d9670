import Surrogate
import SurrogateTesting
import Testing

private final class ObservedRequest: Sendable {}

private final class ObservedSession: Sendable {
  let request: ObservedRequest
  init(request: ObservedRequest) { self.request = request }
}

private protocol ObservedStore: AnyObject, Sendable {}
private final class PlainObservedStore: ObservedStore {
  let session: ObservedSession
  init(session: ObservedSession) { self.session = session }
}
private final class CachingObservedStore: ObservedStore {
  let inner: any ObservedStore
  init(inner: any ObservedStore) { self.inner = inner }
}

private final class ObservedHandler: Sendable {
  let session: ObservedSession
  let store: any ObservedStore
  init(session: ObservedSession, store: any ObservedStore) {
    self.session = session
    self.store = store
  }
}

/// A scope's graph keeps only disposals and skips the observer's per-request calls; a leak check
/// run inside a scope replaces that observer and must still see every request and creation.
struct ScopeObservedResolutionTests {
  private func makeApp() -> Container {
    let app = Container()
    app.register(.scoped) { r in ObservedSession(request: try r.resolve()) }
      .disposing { session in withExtendedLifetime(session) {} }
    app.register(.shared, type: (any ObservedStore).self) { r in PlainObservedStore(session: try r.resolve()) }
    app.decorate((any ObservedStore).self) { _, inner in CachingObservedStore(inner: inner) }
    app.register(.unique) { r in ObservedHandler(session: try r.resolve(), store: try r.resolve()) }
    return app
  }

  @Test func aLeakCheckInAScopeSeesTheScopesValueTheDecoratorAndTheKeptScopedInstance() throws {
    let app = makeApp()
    try app.withScope { scope in
      scope.register { ObservedRequest() }
      // The scope makes (and keeps) its session first: the checked graph then only uses it.
      let session = try scope.resolve(ObservedSession.self)
      let report = try scope.checkForLeaks(resolving: ObservedHandler.self)
      #expect(report.isReleased, "\(report)")
      // The handler, the decorator and the repository it decorates; the scope keeps the session.
      #expect(
        report.checked == [
          DefinitionKey(type: (any ObservedStore).self), DefinitionKey(type: (any ObservedStore).self),
          DefinitionKey(type: ObservedHandler.self),
        ], "\(report.checked)")
      #expect(try scope.resolve(ObservedSession.self) === session)
    }
  }

  @Test func aGraphExportInAScopeHasTheEdgesThroughTheScopeToTheApp() throws {
    let app = makeApp()
    try app.withScope { scope in
      scope.register { ObservedRequest() }
      let graph = try scope.dependencyGraph(of: ObservedHandler.self)
      let edges = Set(graph.edges.map { [$0.from, $0.to] })
      let session = DefinitionKey(type: ObservedSession.self)
      #expect(edges.contains([session, DefinitionKey(type: ObservedRequest.self)]), "\(edges)")
      #expect(edges.contains([DefinitionKey(type: ObservedHandler.self), session]), "\(edges)")
      // The handler's store is the decorator, which decorates the app's repository.
      #expect(
        graph.edges.contains {
          $0.from == DefinitionKey(type: ObservedHandler.self) && "\($0.to)".hasPrefix("CachingObservedStore")
        },
        "\(edges)")
    }
  }
}
