import SuiteSupport
import Surrogate
import Testing

/// `.disposing` changes a definition, like a `resolvingProperties` block: after `bootstrap()` it
/// is rejected and listed, as every other late change is.
struct DisposingAfterBootstrapTests {
  @Test func aDisposalAddedAfterBootstrapIsNotAppliedAndIsListed() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let pool = app.register(.singleton) { PoolStub(journal: journal) }
    try await app.bootstrap()
    pool.disposing { pool in await pool.close() }
    let rejected = app.rejectedChanges
    #expect(rejected.map(\.code) == [.modifiedAfterBootstrap], "\(rejected)")
    #expect(rejected.first?.key.description == "PoolStub")
    #expect(
      rejected.first?.message.contains("disposal was added to PoolStub after `bootstrap()`") == true, "\(rejected)")
    #expect(await app.validate().problems.map(\.code) == [.modifiedAfterBootstrap])
    _ = try await app.resolve(PoolStub.self)
    try await app.shutdown()
    #expect(journal.disposed.isEmpty, "\(journal.disposed)")
  }

  @Test func aDisposalChainedOnARejectedRegistrationIsNotListedTwice() async throws {
    let app = Container()
    try await app.bootstrap()
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
      .disposing { pool in await pool.close() }
    #expect(app.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap])
    #expect(app.rejectedChanges.first?.message.contains("was registered after") == true)
  }

  @Test func aDisposalAddedBeforeBootstrapRunsAtShutdown() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.eagerSingleton) { PoolStub(journal: journal) }
      .disposing { pool in await pool.close() }
    try await app.bootstrap()
    #expect(app.rejectedChanges.isEmpty)
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func aChildOfABootstrappedContainerTakesDisposals() async throws {
    let journal = DisposalJournal()
    let app = Container()
    try await app.bootstrap()
    let child = Container(parent: app)
    child.register(.singleton) { PoolStub(journal: journal) }
      .disposing { pool in await pool.close() }
    _ = try await child.resolve(PoolStub.self)
    try await child.shutdown()
    #expect(journal.disposed == ["pool"])
    #expect(app.rejectedChanges.isEmpty && child.rejectedChanges.isEmpty)
  }
}
