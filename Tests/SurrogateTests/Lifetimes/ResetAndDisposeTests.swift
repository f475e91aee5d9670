import Surrogate
import Testing

struct ResetAndDisposeTests {
  private static let session = Scope.custom("reset-and-dispose-session")

  @Test func resetAndDisposeDisposesAnInstanceMadeBeforeABlockWasAddedToItsDefinition() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let definition = app.register(Self.session) { DisposableStub("session", journal: journal) }
    _ = try await app.resolve(DisposableStub.self)
    definition.resolvingProperties { _, _ in }
    try await app.resetAndDispose(Self.session)
    #expect(journal.disposed == ["session"])
    try await app.shutdown()
    #expect(journal.disposed == ["session"])
  }
}
