import SuiteSupport
import Surrogate
import Testing

private protocol Store: Sendable {}

struct ShutdownTests {
  @Test func shutdownDisposesSingletonsNewestFirstEachOnce() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { PoolStub(journal: journal) }
      .disposing { pool in await pool.close() }
    app.register(.singleton) { r in
      RepositoryStub(session: SessionStub(pool: try r.resolve(), request: RequestStub(id: 0), journal: journal))
    }
    .disposing { _ in journal.note("repository") }
    app.register(.singleton, type: (any Store).self) { DisposableStubStore(journal: journal) }
    _ = try await app.resolve(RepositoryStub.self)
    _ = try await app.resolve((any Store).self)
    try await app.shutdown()
    #expect(journal.disposed == ["store", "repository", "pool"])
    do {
      try await app.shutdown()
      Issue.record("shut down twice")
    } catch {
      #expect(error.code == .alreadyEnded)
      #expect(error.failures.isEmpty)
      #expect(error.message.contains("already shut down"))
    }
    #expect(journal.disposed == ["store", "repository", "pool"])
  }

  @Test func aContainerShutDownResolvesNothingEvenAMadeSingleton() async throws {
    let app = Container()
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
    _ = try resolveNow(PoolStub.self, from: app)
    try await app.shutdown()
    do {
      _ = try resolveNow(PoolStub.self, from: app)
      Issue.record("resolved after shutdown")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("has been shut down"))
      #expect(error.remedy.contains("before `shutdown()`"))
    }
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
    #expect(app.rejectedChanges.map(\.code) == [.containerShutDown])
    #expect(throws: ResolutionError.self) { try resolveNow(PoolStub.self, from: app) }
  }

  @Test func aChildsShutdownLeavesItsParentsInstancesAlone() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { DisposableStub("app", journal: journal) }
    let child = Container(parent: app)
    child.register(.singleton, tag: "child") { DisposableStub("child", journal: journal) }
    let fromParent = try await child.resolve(DisposableStub.self)
    _ = try await child.resolve(DisposableStub.self, tag: "child")
    try await child.shutdown()
    #expect(journal.disposed == ["child"])
    #expect(try resolveNow(DisposableStub.self, from: app) === fromParent)
    try await app.shutdown()
    #expect(journal.disposed == ["child", "app"])
  }

  @Test func aChildOfAShutDownContainerSaysSoForItsParentsDefinitions() async throws {
    let app = Container()
    app.register { RequestStub(id: 1) }
    let child = Container(parent: app)
    try await app.shutdown()
    do {
      _ = try resolveNow(RequestStub.self, from: child)
      Issue.record("resolved through a shut-down parent")
    } catch {
      #expect(error.code == .containerShutDown)
    }
  }

  @Test func aThrowingDisposalIsReportedWithItsDefinitionAndTheOthersStillRun() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { DisposableStub("first", journal: journal) }
    app.register(.singleton, tag: "failing") { PoolStub(journal: journal) }
      .disposing { _ in throw DisposalFailed(name: "pool") }
    _ = try await app.resolve(DisposableStub.self)
    _ = try await app.resolve(PoolStub.self, tag: "failing")
    do {
      try await app.shutdown()
      Issue.record("the failure was lost")
    } catch {
      #expect(error.code == .disposalFailed)
      #expect(error.failures.count == 1)
      #expect(error.failures.first?.key == DefinitionKey(type: PoolStub.self, tag: DefinitionTag("failing")))
      #expect(error.failures.first?.error as? DisposalFailed == DisposalFailed(name: "pool"))
      #expect(error.description.hasPrefix("disposalFailed: 1 disposal failed when the container was shut down"))
    }
    #expect(journal.disposed == ["first"])
  }

  @Test func disposingOnAForwardedDefinitionDisposesTheSourcesInstances() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let pool = app.register(.singleton) { PoolStub(journal: journal) }
    app.register(pool, type: (any Sendable).self).disposing { instance in
      journal.note("forwarded \(type(of: instance))")
    }
    _ = try await app.resolve(PoolStub.self)
    try await app.shutdown()
    #expect(journal.disposed == ["forwarded PoolStub"])
  }

  @Test func whatTheCallerOwnsIsNotDisposed() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.unique) { DisposableStub("unique", journal: journal) }
    app.register(.weakSingleton, tag: "weak") { DisposableStub("weak", journal: journal) }
    let kept = try await app.resolve(DisposableStub.self, tag: "weak")
    _ = try await app.resolve(DisposableStub.self)
    try await app.shutdown()
    #expect(journal.disposed.isEmpty)
    #expect(kept.name == "weak")
  }

  @Test func theLastDisposingBlockWinsAndReplacesTheConformance() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { DisposableStub("conformance", journal: journal) }
      .disposing { _ in journal.note("first block") }
      .disposing { _ in journal.note("second block") }
    _ = try await app.resolve(DisposableStub.self)
    try await app.shutdown()
    #expect(journal.disposed == ["second block"])
  }
}

extension ShutdownTests {
  @Test func resetAndDisposeDisposesOnlyTheInstancesTheResetReleased() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let made = Counter()
    app.register(.custom("session")) { DisposableStub("session \(made.increment())", journal: journal) }
    app.register(.singleton, tag: "app") { DisposableStub("app", journal: journal) }
    let child = Container(parent: app)
    child.register(.custom("session"), tag: "child") { DisposableStub("child session", journal: journal) }
    _ = try await app.resolve(DisposableStub.self)
    _ = try await app.resolve(DisposableStub.self, tag: "app")
    _ = try await child.resolve(DisposableStub.self, tag: "child")
    try await app.resetAndDispose(.custom("session"))
    // The child's first, as `shutdown()` orders them.
    #expect(journal.disposed == ["child session", "session 1"])
    let next = try await app.resolve(DisposableStub.self)
    #expect(next.name == "session 2")
    try await app.resetAndDispose(.custom("session"))
    #expect(journal.disposed == ["child session", "session 1", "session 2"])
    try await app.shutdown()
    #expect(journal.disposed == ["child session", "session 1", "session 2", "app"])
  }

  @Test func aPlainResetKeepsAReleasedInstanceWithADisposalForShutdown() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.custom("session")) { DisposableStub("session", journal: journal) }
    _ = try await app.resolve(DisposableStub.self)
    app.reset(.custom("session"))
    #expect(journal.disposed.isEmpty)
    try await app.shutdown()
    #expect(journal.disposed == ["session"])
  }
}

private final class DisposableStubStore: Store, Disposable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func dispose() async throws { journal.note("store") }
}
