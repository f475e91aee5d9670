import SuiteSupport
import Surrogate
import Testing

/// The graph export makes singletons of its own, as `validate()` does, and disposes them before it
/// returns; the container's own are left alone.
struct DependencyGraphDisposalTests {
  private final class Ledger: Sendable {
    private let counts = Locked((made: 0, disposed: 0))
    func noteMade() { counts.withLock { $0.made += 1 } }
    func noteDisposed() { counts.withLock { $0.disposed += 1 } }
    var made: Int { counts.withLock { $0.made } }
    var disposed: Int { counts.withLock { $0.disposed } }
  }

  private final class Pool: Sendable {}
  private final class Session: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
  }

  private func container(_ ledger: Ledger) -> Container {
    let container = Container()
    container.register(.singleton) { () -> Pool in
      ledger.noteMade()
      return Pool()
    }
    .disposing { _ in ledger.noteDisposed() }
    container.register { r in Session(pool: try r.resolve()) }
    return container
  }

  private func drawSynchronously(_ container: Container) throws {
    _ = container.dependencyGraph()
    _ = try container.dependencyGraph(of: Session.self)
  }

  @Test func theSynchronousExportDisposesTheSingletonsItMade() throws {
    let ledger = Ledger()
    try drawSynchronously(container(ledger))
    #expect(ledger.made > 0)
    #expect(ledger.disposed == ledger.made)
  }

  @Test func theAwaitedExportDisposesTheSingletonsItMade() async throws {
    let ledger = Ledger()
    let container = container(ledger)
    _ = await container.dependencyGraph()
    _ = try await container.dependencyGraph(of: Session.self)
    #expect(ledger.made > 0)
    #expect(ledger.disposed == ledger.made)
  }

  @Test func theContainersOwnSingletonIsLeftAloneAndDisposedOnceAtShutdown() async throws {
    let ledger = Ledger()
    let container = container(ledger)
    _ = try await container.resolve(Pool.self)
    _ = await container.dependencyGraph()
    #expect(ledger.disposed == ledger.made - 1)
    try await container.shutdown()
    #expect(ledger.disposed == ledger.made)
  }
}
