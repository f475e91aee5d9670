import Surrogate
import SurrogateTesting
import Synchronization
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

private final class PlainCache: Sendable {}

/// Holds what its factory made beyond the graph: the leak the check below must find.
private final class OutsideHolder: Sendable {
  private let caches = Mutex<[PlainCache]>([])
  func keep(_ cache: PlainCache) { caches.withLock { $0.append(cache) } }
}

private final class PlainHandler: Sendable {
  let cache: PlainCache
  init(cache: PlainCache) { self.cache = cache }
}

struct ScopeLeakCheckOfPlainInstancesTests {
  /// A scope's graph skips reporting an instance with no disposal to the scope's own observer; a
  /// leak check's recording, which replaces it, must still see every instance.
  @Test func aLeakCheckInsideAScopeFindsALeakedInstanceWithNoDisposal() async throws {
    let app = Container()
    let holder = OutsideHolder()
    app.register(.shared) { () -> PlainCache in
      let cache = PlainCache()
      holder.keep(cache)
      return cache
    }
    app.register(.shared) { r in PlainHandler(cache: try r.resolve()) }
    try await app.withScope { scope in
      let report = try await scope.checkForLeaks(resolving: PlainHandler.self)
      #expect(report.leaks.map(\.typeName).contains { $0.contains("PlainCache") }, "\(report)")
    }
    withExtendedLifetime(holder) {}
  }
}
