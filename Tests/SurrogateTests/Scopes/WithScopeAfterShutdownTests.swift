import SuiteSupport
import Surrogate
import Testing

struct WithScopeAfterShutdownTests {
  @Test func withScopeOnAContainerThatWasShutDownThrowsBeforeRunningItsBody() async throws {
    let app = Container()
    app.register(.scoped) { RequestStub(id: 1) }
    try await app.shutdown()
    var ran = false
    do {
      try await app.withScope { _ in ran = true }
      Issue.record("withScope ran")
    } catch {
      #expect((error as? ResolutionError)?.code == .containerShutDown, "\(error)")
    }
    #expect(!ran)
  }

  @Test func synchronousWithScopeOnAContainerThatWasShutDownThrowsBeforeRunningItsBody() async throws {
    let app = Container()
    app.register(.scoped) { RequestStub(id: 1) }
    try await app.shutdown()
    var ran = false
    do {
      try withScopeNow(app) { _ in ran = true }
      Issue.record("withScope ran")
    } catch {
      #expect((error as? ResolutionError)?.code == .containerShutDown, "\(error)")
    }
    #expect(!ran)
  }

  /// `shutdown()` does not end the scopes open at the time: each disposes what it made when it
  /// ends, after the app's singletons it used (UnitsOfWork.md, "A scope still open").
  @Test func aScopeOpenWhenTheAppShutsDownDisposesWhatItMadeWhenItEndsAfterTheApps() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { PoolStub(journal: journal) }.disposing { pool in await pool.close() }
    app.register(.scoped) { r in
      SessionStub(pool: try r.resolve(), request: RequestStub(id: 1), journal: journal)
    }
    .disposing { session in session.journal.note("session") }
    try await app.withScope { scope in
      _ = try await scope.resolve(SessionStub.self)
      try await app.shutdown()
      journal.note("app shut down")
    }
    #expect(journal.disposed == ["pool", "app shut down", "session"])
  }
}

/// The synchronous `withScope`, from async code.
private func withScopeNow(_ app: Container, _ body: (Container) throws -> Void) throws {
  try app.withScope(body)
}
