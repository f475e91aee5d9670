import SuiteSupport
import Surrogate
import Synchronization
import Testing

private final class JoinedPool: Sendable {}

private final class JoinedReport: Sendable {
  let pool: JoinedPool
  init(pool: JoinedPool) { self.pool = pool }
}

/// Counts the pools made, and keeps them.
private final class PoolFactory: Sendable {
  private let made = Mutex<[JoinedPool]>([])
  func make() -> JoinedPool {
    let pool = JoinedPool()
    made.withLock(owner: self) { $0.append(pool) }
    return pool
  }
  var pools: [JoinedPool] { made.withLock(owner: self) { $0 } }
}

/// An `async` factory that awaits `container.resolve` (Dip's idiom, not `r.resolve`) joins the
/// graph being resolved, whoever made that graph: `try await resolve`, the graph export, a leak
/// check, `validate()`. So the export draws the edge, the check sees what the factory made, and
/// validation makes nothing for real. Outside any graph, a request for a made singleton is
/// answered at once (its path skips the task-local read while no `async` graph of the family
/// runs).
struct AwaitedMadeSingletonJoinTests {
  private func app() -> Container {
    let app = Container()
    app.register(.singleton) { JoinedPool() }
    app.register { [unowned app] _ async throws in JoinedReport(pool: try await app.resolve(JoinedPool.self)) }
    return app
  }

  @Test func anAsyncFactoryAwaitingTheContainerForAMadeSingletonIsDrawnWithTheEdge() async throws {
    let app = app()
    let pool = try await app.resolve(JoinedPool.self)
    let graph = try await app.dependencyGraph(of: JoinedReport.self)
    #expect(graph.edges.contains { $0.from.description == "JoinedReport" && $0.to.description == "JoinedPool" })
    #expect(try await app.resolve(JoinedReport.self).pool === pool)
  }

  @Test(arguments: 1...4 as ClosedRange<UInt64>)
  func madeSingletonsAwaitedWhileOtherTasksRunGraphsAreTheSingleton(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let app = app()
    let pool = try await app.resolve(JoinedPool.self)
    let rounds = Int.random(in: 20...60, using: &random)
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for round in 0..<rounds {
        group.addTask {
          round.isMultiple(of: 2)
            ? try await app.resolve(JoinedReport.self).pool === pool : try await app.resolve(JoinedPool.self) === pool
        }
      }
      for try await same in group { #expect(same) }
    }
  }

  @Test func anAsyncFactoryAwaitingTheContainerDuringExportIsDrawnWithTheEdgeWhenNothingWasMade() async throws {
    let graph = try await app().dependencyGraph(of: JoinedReport.self)
    #expect(graph.edges.contains { $0.from.description == "JoinedReport" && $0.to.description == "JoinedPool" })
  }

  @Test func validationMakesNoSingletonForRealThroughAnAsyncFactoryAwaitingTheContainer() async throws {
    let factory = PoolFactory()
    let app = Container()
    app.register(.singleton) { factory.make() }
    app.register { [unowned app] _ async throws in JoinedReport(pool: try await app.resolve(JoinedPool.self)) }
    let report = await app.validate()
    #expect(report.problems.isEmpty, "\(report)")
    let madeByValidation = factory.pools
    let pool = try await app.resolve(JoinedPool.self)
    #expect(!madeByValidation.contains { $0 === pool }, "validate() made the app's singleton")
  }
}
