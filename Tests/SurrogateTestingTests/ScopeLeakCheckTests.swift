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

/// What only the scope knows, registered in it.
private final class ScopeRequest: Sendable {}

/// A `.scoped` unit of work that holds the scope's request.
private final class RequestSession: Sendable {
  let request: ScopeRequest
  init(request: ScopeRequest) { self.request = request }
}

/// Holds its session; also gets the request.
private final class RequestHandler: Sendable {
  let session: RequestSession
  init(session: RequestSession) { self.session = session }
}

/// Holds itself: a real leak even under a `.scoped` holder.
private final class Looping: @unchecked Sendable {  // `me` is set once, before it is shared
  var me: Looping?
}

private final class LoopingSession: Sendable {
  let looping: Looping
  init(looping: Looping) { self.looping = looping }
}

/// A `.scoped` instance lives until its scope ends, and so does what it holds: a leak check inside
/// the scope counts both as kept, as `validate()` sees no captive dependency there; a cycle is
/// still a leak.
struct ScopeLeakCheckOfScopedHoldersTests {
  @Test func whatAScopedInstanceHoldsIsKeptByTheScopeNotLeaked() async throws {
    let app = Container()
    app.register(.scoped) { r in RequestSession(request: try r.resolve()) }
    app.register(.unique) { r in RequestHandler(session: try r.resolve()) }
    try await app.withScope { scope in
      scope.register { ScopeRequest() }
      let report = try await scope.checkForLeaks(resolving: RequestHandler.self)
      #expect(report.isReleased, "\(report)")
      #expect(report.retainedByContainer == 2, "\(report)")
      #expect("\(report)".contains("(1 scoped instance and 1 object it holds kept by the container)"), "\(report)")
      #expect(!"\(report)".contains("singleton"), "\(report)")
      #expect((await scope.validate()).warnings.isEmpty)
    }
  }

  /// A `.scoped` instance the scope made before the check is used, not made, by the checked
  /// graph: still one the container keeps, as a reused singleton is.
  @Test func aScopedInstanceMadeBeforeTheCheckIsCountedAsKept() async throws {
    let app = Container()
    app.register(.scoped) { r in RequestSession(request: try r.resolve()) }
    app.register(.unique) { r in RequestHandler(session: try r.resolve()) }
    try await app.withScope { scope in
      scope.register { ScopeRequest() }
      let first = try await scope.resolve(RequestHandler.self)
      let report = try await scope.checkForLeaks(resolving: RequestHandler.self)
      #expect(report.isReleased, "\(report)")
      #expect(report.retainedByContainer == 1, "\(report)")
      #expect("\(report)".contains("(1 scoped instance kept by the container)"), "\(report)")
      withExtendedLifetime(first) {}
    }
  }

  @Test func aScopedInstanceMadeBeforeASynchronousCheckIsCountedAsKept() throws {
    let app = Container()
    app.register(.scoped) { RequestSession(request: ScopeRequest()) }
    app.register(.unique) { r in RequestHandler(session: try r.resolve()) }
    let report = try app.withScope { scope in
      _ = try scope.resolve(RequestSession.self)
      return try scope.checkForLeaks(resolving: RequestHandler.self)
    }
    #expect(report.isReleased, "\(report)")
    #expect(report.retainedByContainer == 1, "\(report)")
  }

  @Test func aCycleUnderAScopedInstanceIsStillALeak() async throws {
    let app = Container()
    app.register(.unique) { () -> Looping in
      let looping = Looping()
      looping.me = looping
      return looping
    }
    app.register(.scoped) { r in LoopingSession(looping: try r.resolve()) }
    try await app.withScope { scope in
      let report = try await scope.checkForLeaks(resolving: LoopingSession.self)
      #expect(report.leaks.map(\.typeName) == ["Looping"], "\(report)")
    }
  }
}

/// Two `.scoped` units that hold each other: a cycle that outlives the scope.
private final class CycleFirst: @unchecked Sendable {  // `second` is set once, by its block
  let request: ScopeRequest
  var second: CycleSecond?
  init(request: ScopeRequest) { self.request = request }
}

private final class CycleSecond: Sendable {
  let first: CycleFirst
  init(first: CycleFirst) { self.first = first }
}

private final class CycleRoot: Sendable {
  let first: CycleFirst
  init(first: CycleFirst) { self.first = first }
}

/// A `.scoped` session and the graph's `.shared` handler, which hold each other.
private final class LoopSession: @unchecked Sendable {  // `handler` is set once, by its block
  var handler: LoopHandler?
}

private final class LoopHandler: Sendable {
  let session: LoopSession
  init(session: LoopSession) { self.session = session }
}

/// LeakChecking.md: a `.scoped` instance and what it holds are kept by the scope "unless they are
/// on a reference cycle, which outlives the scope".
struct ScopeLeakCheckOfScopedCyclesTests {
  private func cycleApp() -> Container {
    let app = Container()
    app.register(.scoped) { r in CycleFirst(request: try r.resolve()) }
      .resolvingProperties { r, first in first.second = try r.resolve() }
    app.register(.scoped) { r in CycleSecond(first: try r.resolve()) }
    app.register { r in CycleRoot(first: try r.resolve()) }
    return app
  }

  @Test func scopedInstancesOnACycleOfTheirOwnAreLeaksNotKept() throws {
    weak var first: CycleFirst?
    try cycleApp().withScope { scope in
      scope.register { ScopeRequest() }
      let report = try scope.checkForLeaks(resolving: CycleRoot.self)
      #expect(!report.isReleased, "\(report)")
      #expect(
        Set(report.leaks.filter { !$0.cycle.isEmpty }.map(\.cycleDescription)) == [
          "CycleFirst.second → CycleSecond.first → CycleFirst", "CycleSecond.first → CycleFirst.second → CycleSecond",
        ], "\(report)")
      // What the cycle holds (the request) is kept alive by it, not by the scope: a leak too.
      let request = report.leaks.first { $0.typeName == "ScopeRequest" }
      #expect(request?.description.contains("CycleFirst.request → ScopeRequest") == true, "\(report)")
      #expect(request?.suggestion.contains("on a reference cycle, which outlives the scope") == true, "\(report)")
      #expect(report.retainedByContainer == 0, "\(report)")
      #expect(!"\(report)".contains("kept by the container"), "\(report)")
      first = try scope.resolve(CycleFirst.self)
    }
    #expect(first != nil, "the cycle outlives the scope, as the report says")
    first?.second = nil
  }

  @Test func anAwaitedCheckReportsTheScopedCycleToo() async throws {
    try await cycleApp().withScope { scope in
      scope.register { ScopeRequest() }
      let report = try await scope.checkForLeaks(resolving: CycleRoot.self)
      #expect(!report.isReleased, "\(report)")
      #expect(report.leaks.map(\.typeName).sorted() == ["CycleFirst", "CycleSecond", "ScopeRequest"], "\(report)")
      (try await scope.resolve(CycleFirst.self)).second = nil
    }
  }

  @Test func aScopedInstanceOnACycleWithTheGraphsHandlerIsNotCountedAsKept() throws {
    let app = Container()
    app.register(.scoped) { LoopSession() }.resolvingProperties { r, session in session.handler = try r.resolve() }
    app.register(.shared) { r in LoopHandler(session: try r.resolve()) }
    try app.withScope { scope in
      let report = try scope.checkForLeaks(resolving: LoopHandler.self)
      #expect(report.leaks.map(\.typeName).sorted() == ["LoopHandler", "LoopSession"], "\(report)")
      #expect(report.retainedByContainer == 0, "\(report)")
      #expect(!"\(report)".contains("kept by the container"), "\(report)")
      (try scope.resolve(LoopSession.self)).handler = nil
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

/// The request's value, which the scope registers (issue #36: kept without a table).
private struct ScopeValue: Sendable { let id: Int }

/// Holds the scope's value.
private final class ValueHolder: Sendable {
  let value: ScopeValue
  init(value: ScopeValue) { self.value = value }
}

struct ScopeValueLeakCheckTests {
  @Test func aLeakCheckInAScopeResolvesWithTheScopesValueAndFindsNoLeak() throws {
    let app = Container()
    app.register { r in ValueHolder(value: try r.resolve()) }
    try app.withScope { scope in
      scope.register { ScopeValue(id: 12) }
      let report = try scope.checkForLeaks(resolving: ValueHolder.self)
      #expect(report.isReleased, "\(report)")
    }
  }
}
