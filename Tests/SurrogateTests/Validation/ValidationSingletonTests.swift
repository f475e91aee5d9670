import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A pool whose factory has a side effect: every one made opens connections.
private final class ConnectionPool: Sendable {
  static let opened = Locked(0)
  static let alive = Locked(0)
  init() {
    Self.opened.withLock { $0 += 1 }
    Self.alive.withLock { $0 += 1 }
  }
  deinit { Self.alive.withLock { $0 -= 1 } }
}

private final class PoolRepository {
  let pool: ConnectionPool
  init(pool: ConnectionPool) { self.pool = pool }
}

private final class PoolPurger {
  let pool: ConnectionPool
  init(pool: ConnectionPool) { self.pool = pool }
}

private protocol PoolReporting {}
private final class PoolStatsReporter: PoolReporting {
  let pool: ConnectionPool
  let repository: PoolRepository
  init(pool: ConnectionPool, repository: PoolRepository) {
    self.pool = pool
    self.repository = repository
  }
}

/// `validate()` resolves every definition in a graph of its own; a singleton factory still runs
/// at most once per call, shared by every definition whose graph reaches it, and what validation
/// made is released when it returns.
@Suite(.serialized)
struct ValidationSingletonTests {
  func server(_ scope: Scope) -> Container {
    let container = Container()
    container.register(scope) { ConnectionPool() }
    container.register(.unique) { r in PoolRepository(pool: try r.resolve()) }
    container.register(.shared) { r in PoolPurger(pool: try r.resolve()) }
    container.register(.singleton) { r in PoolStatsReporter(pool: try r.resolve(), repository: try r.resolve()) }
      .implements((any PoolReporting).self)
    return container
  }

  func reset() {
    ConnectionPool.opened.withLock { $0 = 0 }
  }

  @Test(arguments: [.singleton, .eagerSingleton, .weakSingleton] as [Scope])
  func aSingletonFactoryRunsOncePerValidateAndWhatItMadeIsReleased(scope: Scope) {
    let container = server(scope)
    reset()
    let report = container.validate()
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
    #expect(ConnectionPool.opened.withLock { $0 } == 1)
    #expect(ConnectionPool.alive.withLock { $0 } == 0, "validation kept what it made")
  }

  @Test func anAsyncSingletonFactoryRunsOncePerAwaitedValidate() async {
    let container = Container()
    container.register(.singleton) { _ async in ConnectionPool() }
    container.register(.unique) { r in PoolRepository(pool: try await r.resolve()) }
    container.register(.shared) { r in PoolPurger(pool: try await r.resolve()) }
    reset()
    let report = await container.validate()
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
    #expect(ConnectionPool.opened.withLock { $0 } == 1)
    #expect(ConnectionPool.alive.withLock { $0 } == 0)
  }

  @Test func eachValidateCallMakesItsOwnAndTheContainersSingletonIsUntouched() throws {
    let container = server(.singleton)
    let real = try container.resolve(ConnectionPool.self)
    reset()
    _ = container.validate()
    _ = container.validate()
    #expect(ConnectionPool.opened.withLock { $0 } == 2)
    #expect(try container.resolve(ConnectionPool.self) === real)
  }

  @Test func aChildContainersValidateSharesTheParentsSingletonAcrossItsDefinitions() {
    let parent = server(.singleton)
    let child = Container(parent: parent)
    child.register(.unique) { r in PoolPurger(pool: try r.resolve()) }
    child.register(.unique, tag: "nightly") { r in PoolPurger(pool: try r.resolve()) }
    reset()
    _ = child.validate()
    #expect(ConnectionPool.opened.withLock { $0 } == 1)
    #expect(ConnectionPool.alive.withLock { $0 } == 0)
  }

  @Test func aSingletonMadeInACheckThatFailedIsNotReusedByTheNextCheck() {
    let container = Container()
    container.register(.singleton) { ConnectionPool() }
    // Checked first (definitions are checked in the order of their names): it makes the pool, then fails.
    container.register(.unique) { (r: Resolver) -> AccountsLoader in
      _ = try r.resolve(ConnectionPool.self)
      throw ValidationProbeError.refused
    }
    container.register(.unique) { r in PoolPurger(pool: try r.resolve()) }
    reset()
    let report = container.validate()
    #expect(report.warnings.map(\.kind) == [.factoryThrew], "\(report)")
    // The failed check's pool is thrown away with its graph; the pool's own check and the
    // purger's share one.
    #expect(ConnectionPool.opened.withLock { $0 } == 2)
    #expect(ConnectionPool.alive.withLock { $0 } == 0)
  }
}

private final class AccountsLoader {}

private enum ValidationProbeError: Error { case refused }
