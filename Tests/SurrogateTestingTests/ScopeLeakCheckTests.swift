import Surrogate
import SurrogateTesting
import Testing

private final class ScopeSession: Disposable, Sendable {
  func dispose() async throws {}
}

private final class ScopeHandler: Sendable {
  let session: ScopeSession
  init(session: ScopeSession) { self.session = session }
}

struct ScopeLeakCheckTests {
  @Test func aScopesInstancesAreReleasedWhenItEnds() async throws {
    let app = Container()
    app.register(.scoped) { ScopeSession() }
    app.register(.unique) { r in ScopeHandler(session: try r.resolve()) }
    let leaks = try await withLeakTracking { tracker in
      try await app.withScope { scope in
        let handler = try await scope.resolve(ScopeHandler.self)
        tracker.track(handler)
        tracker.track(handler.session)
        tracker.track(scope)
      }
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  @Test func aLeakCheckInsideAScopeReportsTheScopedInstanceAsKeptNotLeaked() async throws {
    let app = Container()
    app.register(.scoped) { ScopeSession() }
    app.register(.unique) { r in ScopeHandler(session: try r.resolve()) }
    try await app.withScope { scope in
      let report = try await scope.checkForLeaks(resolving: ScopeHandler.self)
      #expect(report.isReleased, "\(report)")
    }
  }
}
