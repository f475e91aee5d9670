import SuiteSupport
import Surrogate
import Testing

private protocol Ledger: Sendable {}

/// What the decorated definition makes: the instance its disposal is for.
private final class SQLLedger: Ledger {}

/// A decorator that holds nothing to release.
private final class AuditingLedger: Ledger {
  let inner: any Ledger
  init(_ inner: any Ledger) { self.inner = inner }
}

/// A decorator that is ``Disposable`` itself: a distinct instance the container made.
private final class FlushingLedger: Ledger, Disposable {
  let inner: any Ledger
  let journal: DisposalJournal
  init(_ inner: any Ledger, journal: DisposalJournal) {
    self.inner = inner
    self.journal = journal
  }
  func dispose() async throws { journal.note("FlushingLedger") }
}

private struct RequestFailed: Error {}

/// Decorating a definition keeps its `.disposing` block: it runs once per instance the container
/// keeps, on the instance the definition made (the decorated one), whether the block was given
/// before or after `decorate`.
struct DecoratedDisposalTests {
  /// A container whose `Ledger` definition disposes its instances into `journal`, decorated once.
  private func decoratedApp(_ scope: Scope, journal: DisposalJournal, disposingAfterDecorating: Bool) -> Container {
    let app = Container()
    let definition = app.register(scope, type: (any Ledger).self) { SQLLedger() }
    if !disposingAfterDecorating { definition.disposing { journal.note("\(type(of: $0))") } }
    app.decorate((any Ledger).self) { _, inner in AuditingLedger(inner) }
    if disposingAfterDecorating { definition.disposing { journal.note("\(type(of: $0))") } }
    return app
  }

  @Test(arguments: [Scope.shared, .unique, .scoped], [false, true])
  func aDecoratedDefinitionsDisposalRunsOnItsInstanceWhenTheScopeEnds(scope: Scope, disposingAfterDecorating: Bool)
    async throws
  {
    let journal = DisposalJournal()
    let app = decoratedApp(scope, journal: journal, disposingAfterDecorating: disposingAfterDecorating)
    try await app.withScope { scope in
      let ledger = try await scope.resolve((any Ledger).self)
      #expect(ledger is AuditingLedger)
      #expect(journal.disposed.isEmpty)
    }
    #expect(journal.disposed == ["SQLLedger"])
  }

  @Test(arguments: [Scope.shared, .unique, .scoped], [false, true])
  func aDecoratedDefinitionsDisposalRunsWhenASynchronousScopeEnds(scope: Scope, disposingAfterDecorating: Bool) throws {
    let journal = DisposalJournal()
    let app = decoratedApp(scope, journal: journal, disposingAfterDecorating: disposingAfterDecorating)
    try app.withScope { scope in _ = try scope.resolve((any Ledger).self) }
    #expect(journal.disposed == ["SQLLedger"])
  }

  @Test(arguments: [false, true])
  func aDecoratedSingletonsDisposalRunsAtShutdown(disposingAfterDecorating: Bool) async throws {
    let journal = DisposalJournal()
    let app = decoratedApp(.singleton, journal: journal, disposingAfterDecorating: disposingAfterDecorating)
    _ = try await app.resolve((any Ledger).self)
    _ = try await app.resolve((any Ledger).self)
    #expect(journal.disposed.isEmpty)
    try await app.shutdown()
    #expect(journal.disposed == ["SQLLedger"])
  }

  @Test(arguments: [false, true])
  func aDecoratedScopedInstanceIsDisposedWhenTheScopesBodyThrows(disposingAfterDecorating: Bool) async throws {
    let journal = DisposalJournal()
    let app = decoratedApp(.scoped, journal: journal, disposingAfterDecorating: disposingAfterDecorating)
    await #expect(throws: RequestFailed.self) {
      try await app.withScope { scope in
        _ = try await scope.resolve((any Ledger).self)
        throw RequestFailed()
      }
    }
    #expect(journal.disposed == ["SQLLedger"])
  }

  @Test func aDecoratedScopedInstanceIsDisposedWhenASynchronousScopesBodyThrows() throws {
    let journal = DisposalJournal()
    let app = decoratedApp(.scoped, journal: journal, disposingAfterDecorating: false)
    #expect(throws: RequestFailed.self) {
      try app.withScope { scope in
        _ = try scope.resolve((any Ledger).self)
        throw RequestFailed()
      }
    }
    #expect(journal.disposed == ["SQLLedger"])
  }

  @Test func aDefinitionDecoratedTwiceIsDisposedOncePerInstance() async throws {
    let journal = DisposalJournal()
    let app = decoratedApp(.scoped, journal: journal, disposingAfterDecorating: false)
    app.decorate((any Ledger).self) { _, inner in AuditingLedger(inner) }
    try await app.withScope { scope in
      _ = try await scope.resolve((any Ledger).self)
      _ = try await scope.resolve((any Ledger).self)
    }
    try await app.withScope { scope in _ = try await scope.resolve((any Ledger).self) }
    #expect(journal.disposed == ["SQLLedger", "SQLLedger"])
  }

  @Test(arguments: [Scope.shared, .scoped, .singleton])
  func aDisposableDecoratorIsDisposedBeforeTheInstanceItWraps(scope: Scope) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(scope, type: (any Ledger).self) { SQLLedger() }.disposing { journal.note("\(type(of: $0))") }
    app.decorate((any Ledger).self) { _, inner in FlushingLedger(inner, journal: journal) }
    if scope == .singleton {
      _ = try await app.resolve((any Ledger).self)
      try await app.shutdown()
    } else {
      try await app.withScope { scope in _ = try await scope.resolve((any Ledger).self) }
    }
    #expect(journal.disposed == ["FlushingLedger", "SQLLedger"])
  }

  @Test func aDisposalGivenAfterDecoratingInAChildLeavesTheParentsDefinitionItsOwn() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let definition = app.register(.singleton, type: (any Ledger).self) { SQLLedger() }
    let feature = Container(parent: app)
    feature.decorate((any Ledger).self) { _, inner in AuditingLedger(inner) }
    definition.disposing { journal.note("\(type(of: $0))") }
    #expect(try await feature.resolve((any Ledger).self) is AuditingLedger)
    try await feature.shutdown()
    #expect(journal.disposed.isEmpty)
    try await app.shutdown()
    #expect(journal.disposed == ["SQLLedger"])
  }
}
