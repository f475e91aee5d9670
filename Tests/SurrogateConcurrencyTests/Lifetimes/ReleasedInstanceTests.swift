import SuiteSupport
import Surrogate
import Testing

/// An instance the container made and then let go of (a replaced or removed singleton, a reset
/// custom scope's) is disposed once, never lost: by `disposeReleased()`, or at the latest by
/// `shutdown()`.
struct ReleasedInstanceTests {
  private static let session = Scope.custom("released-session")

  /// Registers a singleton named `name` whose disposal writes its name.
  @discardableResult
  private func registerNamed(
    _ name: String, in container: Container, journal: DisposalJournal, scope: Scope = .singleton
  )
    -> Definition<DisposableStub, Void>
  {
    container.register(scope) { DisposableStub(name, journal: journal) }
  }

  @Test func aReplacedSingletonIsDisposedByShutdownOnceAfterItsReplacement() async throws {
    let journal = DisposalJournal()
    let app = Container()
    registerNamed("old", in: app, journal: journal)
    _ = try await app.resolve(DisposableStub.self)
    registerNamed("new", in: app, journal: journal)
    #expect(try await app.resolve(DisposableStub.self).name == "new")
    try await app.shutdown()
    #expect(journal.disposed == ["new", "old"])
  }

  @Test func removedAndRemovedAllSingletonsAreDisposedByShutdown() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let first = registerNamed("removed", in: app, journal: journal)
    _ = try await app.resolve(DisposableStub.self)
    app.remove(first)
    registerNamed("emptied", in: app, journal: journal)
    _ = try await app.resolve(DisposableStub.self)
    app.removeAll()
    try await app.shutdown()
    #expect(journal.disposed == ["emptied", "removed"])
  }

  @Test func anObjectHandedOutByTheOldAndTheNewDefinitionIsDisposedOnce() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let pool = DisposableStub("pool", journal: journal)
    app.register(.singleton) { pool }
    _ = try await app.resolve(DisposableStub.self)
    app.register(.singleton) { pool }
    _ = try await app.resolve(DisposableStub.self)
    try await app.disposeReleased()
    #expect(journal.disposed.isEmpty, "the current definition still hands it out: \(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func disposeReleasedDisposesWhatWasLetGoOfNewestFirstAndOnlyThat() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let removed = app.register(.singleton, tag: "removed") { DisposableStub("removed", journal: journal) }
    registerNamed("replaced", in: app, journal: journal)
    app.register(Self.session, tag: "session") { DisposableStub("session", journal: journal) }
      .implements((any Disposable).self)
    _ = try await app.resolve(DisposableStub.self, tag: "removed")
    _ = try await app.resolve(DisposableStub.self)
    _ = try await app.resolve((any Disposable).self)
    app.remove(removed)
    registerNamed("current", in: app, journal: journal)
    _ = try await app.resolve(DisposableStub.self)
    app.reset(Self.session)
    _ = try await app.resolve((any Disposable).self)

    try await app.disposeReleased()
    #expect(journal.disposed == ["session", "replaced", "removed"])
    try await app.disposeReleased()
    #expect(journal.disposed.count == 3, "each once: \(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed == ["session", "replaced", "removed", "session", "current"])
  }

  @Test func disposeReleasedReachesChildContainersResetWithTheParent() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let child = Container(parent: app)
    registerNamed("child session", in: child, journal: journal, scope: Self.session)
    _ = try await child.resolve(DisposableStub.self)
    app.reset(Self.session)
    try await app.disposeReleased()
    #expect(journal.disposed == ["child session"])
  }

  @Test func disposeReleasedCollectsEveryFailure() async throws {
    let app = Container()
    let first = app.register(.singleton, tag: 1) { PoolStub(journal: DisposalJournal()) }
      .disposing { _ in throw DisposalFailed(name: "one") }
    let second = app.register(.singleton, tag: 2) { PoolStub(journal: DisposalJournal()) }
      .disposing { _ in throw DisposalFailed(name: "two") }
    _ = try await app.resolve(PoolStub.self, tag: 1)
    _ = try await app.resolve(PoolStub.self, tag: 2)
    app.remove(first)
    app.remove(second)
    do {
      try await app.disposeReleased()
      Issue.record("no error")
    } catch {
      #expect(error.code == .disposalFailed)
      #expect(error.failures.compactMap { ($0.error as? DisposalFailed)?.name } == ["two", "one"])
    }
    try await app.shutdown()
  }

  @Test func aReplacedSingletonInUseByALiveScopeOutlivesTheScopeAndIsDisposedByShutdown() async throws {
    let journal = DisposalJournal()
    let app = Container()
    registerNamed("old", in: app, journal: journal)
    let usedInScope = try await app.withScope { scope in
      let old = try await scope.resolve(DisposableStub.self)
      registerNamed("new", in: app, journal: journal)
      #expect(try await scope.resolve(DisposableStub.self).name == "new")
      #expect(journal.disposed.isEmpty, "still in use by the scope: \(journal.disposed)")
      return old.name
    }
    #expect(usedInScope == "old")
    #expect(journal.disposed.isEmpty, "the scope does not own the app's singletons: \(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed == ["new", "old"])
  }

  @Test func disposeReleasedOnAScopeLeavesItsScopedInstances() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { DisposableStub("scoped", journal: journal) }
    try await app.withScope { scope in
      _ = try await scope.resolve(DisposableStub.self)
      try await scope.disposeReleased()
      #expect(journal.disposed.isEmpty, "\(journal.disposed)")
    }
    #expect(journal.disposed == ["scoped"])
  }

  @Test func aDecoratedSingletonMadeBeforeItsDecorationIsNotReleased() async throws {
    let journal = DisposalJournal()
    let app = Container()
    registerNamed("pool", in: app, journal: journal)
    _ = try await app.resolve(DisposableStub.self)
    app.decorate(DisposableStub.self) { _, stub in stub }
    try await app.disposeReleased()
    #expect(journal.disposed.isEmpty, "\(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }
}
