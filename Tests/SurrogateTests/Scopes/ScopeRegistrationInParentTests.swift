import SuiteSupport
import Surrogate
import Testing

/// A scope's container is one of its parent's children while it is open, so that the parent's
/// `reset(_:)` reaches what the scope keeps, and is let go of when it ends.
struct ScopeRegistrationInParentTests {
  private final class Token: Sendable {}
  private final class WeakBox: @unchecked Sendable {  // no lock: written in the scope's body, read after it
    weak var container: Container?
  }

  @Test func resettingACustomScopeOnTheAppReachesAnOpenScopesOwnDefinition() async throws {
    let session = Scope.custom("session")
    let app = Container()
    try await app.withScope { scope in
      scope.register(session) { Token() }
      let before = try await scope.resolve(Token.self)
      #expect(try await scope.resolve(Token.self) === before)
      app.reset(session)
      #expect(try await scope.resolve(Token.self) !== before)
    }
  }

  @Test func anEndedScopesContainerIsNotKeptByTheApp() async throws {
    let app = Container()
    app.register { Token() }
    let box = WeakBox()
    try await app.withScope { scope in
      box.container = scope
      _ = try await scope.resolve(Token.self)
    }
    #expect(box.container == nil)
  }

  @Test func anEndedScopeDisposesItsCustomScopeInstanceOnceAndIsNotResetAgain() async throws {
    let session = Scope.custom("session")
    let journal = DisposalJournal()
    let app = Container()
    try await app.withScope { scope in
      scope.register(session) { DisposableStub("token", journal: journal) }
      _ = try await scope.resolve(DisposableStub.self)
    }
    #expect(journal.disposed == ["token"])
    try await app.resetAndDispose(session)
    #expect(journal.disposed == ["token"])
  }
}
