import SuiteSupport
import Surrogate
import Synchronization
import Testing

private final class AwaitedPool: Sendable {
  static func open() async -> AwaitedPool {
    await Task.yield()
    return AwaitedPool()
  }
}
private final class AwaitedSession: Sendable {
  let pool: AwaitedPool
  init(pool: AwaitedPool) { self.pool = pool }
}
private final class AwaitedRepository: Sendable {
  let session: AwaitedSession
  init(session: AwaitedSession) { self.session = session }
}
private final class AwaitedHandler: Sendable {
  let repository: AwaitedRepository
  let session: AwaitedSession
  init(repository: AwaitedRepository, session: AwaitedSession) {
    self.repository = repository
    self.session = session
  }
}
private struct AwaitedMissing: Sendable {}
private final class AwaitedFailingHandler: Sendable {
  init(session: AwaitedSession, missing: AwaitedMissing) {}
}
private final class AwaitedJournal: Sendable {
  private let entries = Locked<[String]>([])
  func note(_ entry: String) { entries.withLock { $0.append(entry) } }
  var notes: [String] { entries.withLock { $0 } }
}
@MainActor private final class AwaitedBadgeView {
  init() { MainActor.assertIsolated() }
}
private final class AwaitedBadgeHolder: Sendable {
  let badgeMade: Bool
  init(badge: AwaitedBadgeView) { badgeMade = true }
}

/// An awaited request whose graph needs no `await` (its `async` definitions are made singletons, or
/// there are none) resolves synchronously; one that meets an `async` or main-actor definition not
/// made yet resolves asynchronously. Either way it behaves as the awaited request documents.
struct AwaitedSynchronousGraphTests {
  private func app() -> Container {
    let app = Container()
    app.register(.eagerSingleton) { () async in await AwaitedPool.open() }
    app.autowire(.shared, AwaitedSession.init)
    app.autowire(.shared, AwaitedRepository.init)
    app.autowire(.unique, AwaitedHandler.init)
    return app
  }

  @Test func anAwaitedRequestOfASynchronousGraphSharesItsInstancesAndTheMadePool() async throws {
    let app = app()
    try await app.bootstrap()
    let first = try await app.resolve(AwaitedHandler.self)
    let second = try await app.resolve(AwaitedHandler.self)
    #expect(first.repository.session === first.session)
    #expect(first.session !== second.session)
    #expect(first.session.pool === second.session.pool)
  }

  @Test func anAsyncSingletonNotMadeYetIsAwaitedAndThenTheGraphIsSynchronous() async throws {
    let app = app()  // no bootstrap: the pool is made by the first request, which awaits it
    let first = try await app.resolve(AwaitedHandler.self)
    let second = try await app.resolve(AwaitedHandler.self)
    #expect(first.session.pool === second.session.pool)
  }

  @Test func aMainActorDefinitionOnThePathIsMadeOnTheMainActorFromAnyTask() async throws {
    let app = Container()
    app.register(.unique) { @MainActor _ in AwaitedBadgeView() }
    app.autowire(.unique, AwaitedBadgeHolder.init)
    let holder = try await Task.detached { try await app.resolve(AwaitedBadgeHolder.self) }.value
    #expect(holder.badgeMade)
  }

  @Test func aFailedAwaitedRequestRunsItsAsyncDisposalsBeforeItThrows() async throws {
    let journal = AwaitedJournal()
    let app = Container()
    app.register(.singleton) { AwaitedPool() }
    app.autowire(.shared, AwaitedSession.init).disposing { _ async in
      await Task.yield()
      journal.note("session")
    }
    app.autowire(.unique, AwaitedFailingHandler.init)
    await #expect(throws: ResolutionError.self) { try await app.resolve(AwaitedFailingHandler.self) }
    #expect(journal.notes == ["session"])
  }

  @Test func aSynchronousFactoryResolvingFromTheContainerJoinsTheAwaitedRequestsGraph() async throws {
    let app = app()
    try await app.bootstrap()
    app.register(.unique) { AwaitedRepository(session: try app.resolve(AwaitedSession.self)) }  // Dip's idiom
    for _ in 0..<3 {
      let handler = try await app.resolve(AwaitedHandler.self)
      #expect(handler.repository.session === handler.session)
      // A synchronous request after it starts a graph of its own.
      let repository = try resolveNow(AwaitedRepository.self, from: app)
      #expect(repository.session !== handler.session)
    }
  }

  @Test func anAwaitedRequestFromAScopeResolvesItsScopedInstancesOncePerScope() async throws {
    let journal = AwaitedJournal()
    let app = Container()
    app.register(.eagerSingleton) { () async in await AwaitedPool.open() }
    app.autowire(.scoped, AwaitedSession.init).disposing { _ in journal.note("session") }
    app.autowire(.unique, AwaitedRepository.init)
    try await app.bootstrap()
    let same = try await app.withScope { scope in
      try await scope.resolve(AwaitedRepository.self).session === scope.resolve(AwaitedRepository.self).session
    }
    #expect(same)
    #expect(journal.notes == ["session"])
  }
}
