import SuiteSupport
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

  /// A child's instance of the scope uses its parent's: it is disposed first, as `shutdown()`
  /// orders them (outside client 22 saw the parent's first, with both ways of disposing).
  @Test(arguments: [false, true])
  func aChildsInstanceIsDisposedBeforeTheParentsItUses(resetThenDisposeReleased: Bool) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(Self.session) { DisposableStub("config", journal: journal) }
    let child = Container(parent: app)
    child.register(Self.session) { r in
      DisposableHolder("cache", holding: try r.resolve(DisposableStub.self), journal: journal)
    }
    let younger = Container(parent: app)
    younger.register(Self.session) { r in
      DisposableHolder("younger", holding: try r.resolve(ChildCache.self), journal: journal)
    }
    younger.collaborate(with: child)
    _ = try await younger.resolve(YoungerCache.self)
    if resetThenDisposeReleased {
      app.reset(Self.session)
      try await app.disposeReleased()
    } else {
      try await app.resetAndDispose(Self.session)
    }
    #expect(journal.disposed == ["younger", "cache", "config"])
  }
}

private typealias ChildCache = DisposableHolder<DisposableStub>
private typealias YoungerCache = DisposableHolder<ChildCache>
