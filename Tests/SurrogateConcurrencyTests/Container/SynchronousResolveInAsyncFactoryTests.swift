import Surrogate
import Synchronization
import Testing

private final class SyncJoinRepo: Sendable {}

private final class SyncJoinPart: Sendable {
  let index: Int
  let repo: SyncJoinRepo
  init(index: Int, repo: SyncJoinRepo) { (self.index, self.repo) = (index, repo) }
}

private final class SyncJoinPage: Sendable {
  let parts: [SyncJoinPart]
  let repo: SyncJoinRepo
  init(parts: [SyncJoinPart], repo: SyncJoinRepo) { (self.parts, self.repo) = (parts, repo) }
}

private final class SyncJoinClock: Sendable {}

/// Counts the clocks made, and keeps them.
private final class ClockFactory: Sendable {
  private let made = Mutex<[SyncJoinClock]>([])
  func make() -> SyncJoinClock {
    let clock = SyncJoinClock()
    made.withLock(owner: self) { $0.append(clock) }
    return clock
  }
  var clocks: [SyncJoinClock] { made.withLock(owner: self) { $0 } }
}

private final class SyncJoinReport: Sendable {
  let clock: SyncJoinClock
  init(clock: SyncJoinClock) { self.clock = clock }
}

/// An `async` factory's body that resolves through the container from synchronous code (a closure
/// passed to `map`, a synchronous helper: there Swift picks the synchronous `resolve`) joins the
/// graph its task is resolving, as the awaited form does: `.shared` instances are shared, the
/// export draws the edge, and `validate()` makes nothing for real.
struct SynchronousResolveInAsyncFactoryTests {
  private func app() -> Container {
    let app = Container()
    app.register(.shared) { SyncJoinRepo() }
    app.register(.unique) { (r, index: Int) in SyncJoinPart(index: index, repo: try r.resolve()) }
    app.register { [unowned app] _ async throws in
      let parts = try [1, 2].map { try app.resolve(SyncJoinPart.self, arguments: $0) }
      return SyncJoinPage(parts: parts, repo: try await app.resolve(SyncJoinRepo.self))
    }
    return app
  }

  @Test func sharedInstancesAreSharedWithWhatTheMapClosureResolves() async throws {
    let page = try await app().resolve(SyncJoinPage.self)
    #expect(page.parts.map(\.index) == [1, 2])
    #expect(page.parts.allSatisfy { $0.repo === page.repo }, "the closure's resolves started graphs of their own")
  }

  @Test func theExportDrawsTheEdgeToWhatTheMapClosureResolves() async throws {
    let graph = try await app().dependencyGraph(of: SyncJoinPage.self)
    #expect(
      graph.edges.contains { $0.from.description == "SyncJoinPage" && $0.to.description.hasPrefix("SyncJoinPart") })
  }

  @Test func validationMakesNoSingletonForRealThroughASynchronousHelper() async throws {
    let factory = ClockFactory()
    let app = Container()
    app.register(.singleton) { factory.make() }
    @Sendable func clock() throws -> SyncJoinClock { try app.resolve() }
    app.register { _ async throws in SyncJoinReport(clock: try clock()) }
    let report = await app.validate()
    #expect(report.problems.isEmpty, "\(report)")
    let madeByValidation = factory.clocks
    let clock = try await app.resolve(SyncJoinClock.self)
    #expect(!madeByValidation.contains { $0 === clock }, "validate() made the app's singleton")
  }

  @Test func aChildTaskOfTheFactoryResolvesInAGraphOfItsOwn() async throws {
    let app = Container()
    app.register(.shared) { SyncJoinRepo() }
    @Sendable func repo() throws -> SyncJoinRepo { try app.resolve() }
    app.register { _ async throws -> SyncJoinPage in
      let own = try repo()
      let other = try await Task { try repo() }.value
      return SyncJoinPage(parts: [SyncJoinPart(index: 0, repo: other)], repo: own)
    }
    let page = try await app.resolve(SyncJoinPage.self)
    #expect(page.parts[0].repo !== page.repo)
  }
}
