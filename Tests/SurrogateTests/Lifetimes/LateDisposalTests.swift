import SuiteSupport
import Surrogate
import Testing

/// A disposal given to a definition whose singleton was already made (`register(...)` and
/// `.disposing` are two calls, and a resolve, on another thread say, can come between them).
struct LateDisposalTests {
  private final class Pool: Sendable {}
  private final class ClosingPool: Disposable, Sendable {
    let journal: DisposalJournal
    init(journal: DisposalJournal) { self.journal = journal }
    func dispose() async throws { journal.note("conformance") }
  }

  @Test func aSingletonMadeBeforeItsDefinitionGotADisposalIsDisposedWithIt() async throws {
    let journal = DisposalJournal()
    let container = Container()
    let pool = container.register(.singleton) { Pool() }
    _ = try await container.resolve(Pool.self)
    pool.disposing { _ in journal.note("pool") }
    try await container.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func aLateDisposalTakesThePlaceOfTheInstancesConformanceOnce() async throws {
    let journal = DisposalJournal()
    let container = Container()
    let pool = container.register(.singleton) { ClosingPool(journal: journal) }
    _ = try await container.resolve(ClosingPool.self)
    pool.disposing { _ in journal.note("declared") }
    try await container.shutdown()
    #expect(journal.disposed == ["declared"])
  }

  @Test func aDisposalGivenBeforeAnythingIsMadeIsTrackedOnceAsBefore() async throws {
    let journal = DisposalJournal()
    let container = Container()
    container.register(.singleton) { Pool() }.disposing { _ in journal.note("pool") }
    _ = try await container.resolve(Pool.self)
    try await container.shutdown()
    #expect(journal.disposed == ["pool"])
  }
}
