import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A singleton whose callback sets a plain `var`, as the AutoInjection article writes it.
private final class Configured: Resolvable {
  var isReady = false
  func didResolveDependencies() { isReady = true }
}

private final class InjectedLeft: Resolvable {
  @Injected var right: InjectedRight
  var isReady = false
  func didResolveDependencies() { isReady = true }
}

private final class InjectedRight {
  @Injected var left: InjectedLeft
}

private protocol Announcing: AnyObject {}
private final class Announcer: Announcing {
  var label: String?
}
private final class Hub {
  let announcer: any Announcing
  init(announcer: any Announcing) { self.announcer = announcer }
}

private enum Unavailable: Error { case now }

/// A session whose `didResolveDependencies()` waits while a screen above it is built; a client
/// and a cache that use it, made in the same graph.
private final class CallbackSession: Resolvable {
  func didResolveDependencies() {}
}
private final class SessionClient {
  let session: CallbackSession
  init(session: CallbackSession) { self.session = session }
}
private final class SessionCache {
  let client: SessionClient
  init(client: SessionClient) { self.client = client }
}
private struct SessionScreen {
  let cache: SessionCache
}

/// A container whose `.shared` screen makes the session, the client and the cache (all
/// singletons), then throws while `failing()`: the session's callback never runs.
private func screenThatFailsAfterMakingTheSession(failing: @escaping @Sendable () -> Bool) -> Container {
  let container = Container()
  container.register(.singleton) { CallbackSession() }
  container.register(.singleton) { r in SessionClient(session: try r.resolve()) }
  container.register(.singleton) { r in SessionCache(client: try r.resolve()) }
  container.register(.shared) { r -> SessionScreen in
    let cache: SessionCache = try r.resolve()
    if failing() { throw Unavailable.now }
    return SessionScreen(cache: cache)
  }
  return container
}

/// A singleton whose callback asks the container for itself.
private final class SelfAsking: Resolvable, @unchecked Sendable {  // NB: `container` is set once, before resolving.
  var container: Container?
  var foundItself = false
  func didResolveDependencies() {
    foundItself = (try? container?.resolve(SelfAsking.self)) === self
  }
}

/// A singleton is published to other threads only once everything its graph promises has run
/// (factories, `resolvingProperties` blocks, auto-injection and `didResolveDependencies()`), and a
/// graph that failed publishes nothing it made. Bounded by round counts; `.ci/run` runs it in
/// release, under ThreadSanitizer and under AddressSanitizer.
@Suite(.hangGuard)
struct SingletonPublicationTests {
  static let threads = 8
  static let rounds = 100

  @Test func noThreadGetsAResolvableSingletonBeforeItsCallbackRan() {
    var early = 0
    for _ in 0..<Self.rounds {
      let container = Container()
      container.register(.singleton) { Configured() }
      let notReady = Locked(0)
      runOnThreads(Self.threads) { _ in
        guard let configured = try? container.resolve(Configured.self) else { return }
        if !configured.isReady { notReady.withLock { $0 += 1 } }
      }
      early += notReady.withLock { $0 }
    }
    #expect(early == 0, "\(early) of \(Self.rounds * Self.threads) resolves got the singleton before its callback")
  }

  @Test func noThreadGetsASingletonOfAnInjectedCycleHalfMade() {
    var halfMade = 0
    for _ in 0..<Self.rounds {
      let container = Container()
      container.register(.singleton) { InjectedLeft() }
      container.register(.singleton) { InjectedRight() }
      let seen = Locked(0)
      runOnThreads(Self.threads) { thread in
        let left =
          thread.isMultiple(of: 2)
          ? try? container.resolve(InjectedLeft.self) : try? container.resolve(InjectedRight.self).left
        if let left, !left.isReady || left.right.left !== left { seen.withLock { $0 += 1 } }
      }
      halfMade += seen.withLock { $0 }
    }
    #expect(halfMade == 0)
  }

  /// singleton Hub = Hub(Announcer); Announcer is .shared, and its block asks for Hub, then for
  /// something unregistered.
  func hubWithAFailingAnnouncer() -> Container {
    let container = Container()
    container.register(.singleton) { r in Hub(announcer: try r.resolve()) }
    container.register(.shared) { Announcer() }
      .implements((any Announcing).self)
      .resolvingProperties { r, announcer in
        _ = try r.resolve(Hub.self)
        announcer.label = try r.resolve(String.self)
      }
    return container
  }

  @Test func aSingletonMadeInAGraphThatFailedIsNotKept() throws {
    let container = hubWithAFailingAnnouncer()
    #expect(throws: ResolutionError.self) { try container.resolve(Announcer.self) }
    container.register { "ready" }
    let hub = try container.resolve(Hub.self)
    #expect((hub.announcer as? Announcer)?.label == "ready", "the hub kept the announcer whose block never finished")
  }

  @Test func aSingletonMadeInAnAwaitedGraphThatFailedIsNotKept() async throws {
    let container = hubWithAFailingAnnouncer()
    await #expect(throws: ResolutionError.self) { try await container.resolve(Announcer.self) }
    container.register { "ready" }
    let hub = try await container.resolve(Hub.self)
    #expect((hub.announcer as? Announcer)?.label == "ready")
  }

  @Test func aSingletonCompleteOnItsOwnIsKeptWhenALaterFactoryInItsGraphThrows() throws {
    let container = Container()
    let made = Locked(0)
    let fail = Locked(true)
    container.register(.singleton) { () -> Announcer in
      made.withLock { $0 += 1 }
      return Announcer()
    }
    container.register(.unique) { r -> Hub in
      let announcer: Announcer = try r.resolve()
      if fail.withLock({ $0 }) { throw Unavailable.now }
      return Hub(announcer: announcer)
    }
    #expect(throws: ResolutionError.self) { try container.resolve(Hub.self) }
    fail.withLock { $0 = false }
    _ = try container.resolve(Hub.self)
    // The announcer used nothing unfinished: it is complete on its own, and kept (as in Dip).
    #expect(made.withLock { $0 } == 1)
  }

  @Test func aSingletonThatUsedOneTheFailedGraphGaveUpIsNotKeptEither() throws {
    let fail = Locked(true)
    let container = screenThatFailsAfterMakingTheSession { fail.withLock { $0 } }
    #expect(throws: ResolutionError.self) { try container.resolve(SessionScreen.self) }
    fail.withLock { $0 = false }
    let session = try container.resolve(CallbackSession.self)
    let client = try container.resolve(SessionClient.self)
    let cache = try container.resolve(SessionCache.self)
    #expect(client.session === session, "the client kept a session nobody else gets")
    #expect(cache.client === client, "the cache kept a client nobody else gets")
    #expect(try container.resolve(SessionScreen.self).cache === cache)
  }

  @Test func aSingletonThatUsedOneTheFailedAwaitedGraphGaveUpIsNotKeptEither() async throws {
    let fail = Locked(true)
    let container = screenThatFailsAfterMakingTheSession { fail.withLock { $0 } }
    await #expect(throws: ResolutionError.self) { try await container.resolve(SessionScreen.self) }
    fail.withLock { $0 = false }
    let session = try await container.resolve(CallbackSession.self)
    let client = try await container.resolve(SessionClient.self)
    let cache = try await container.resolve(SessionCache.self)
    #expect(client.session === session, "the client kept a session nobody else gets")
    #expect(cache.client === client, "the cache kept a client nobody else gets")
  }

  @Test func aCallbackThatResolvesItsOwnSingletonFindsItInsteadOfWaitingForItsPublication() throws {
    let container = Container()
    container.register(.singleton) { [unowned container] () -> SelfAsking in
      let instance = SelfAsking()
      instance.container = container
      return instance
    }
    let instance = try container.resolve(SelfAsking.self)
    #expect(instance.foundItself)
  }

  @Test func anAwaitedResolveOfASingletonWhoseCallbackResolvesItFinishes() async throws {
    let container = Container()
    container.register(.singleton) { [unowned container] () -> SelfAsking in
      let instance = SelfAsking()
      instance.container = container
      return instance
    }
    let instance = try await container.resolve(SelfAsking.self)
    let again = try await container.resolve(SelfAsking.self)
    #expect(again === instance)
  }
}
