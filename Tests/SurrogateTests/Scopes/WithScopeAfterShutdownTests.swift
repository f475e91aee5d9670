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
}

/// The synchronous `withScope`, from async code.
private func withScopeNow(_ app: Container, _ body: (Container) throws -> Void) throws {
  try app.withScope(body)
}
