import SuiteSupport
import Surrogate
import Synchronization
import Testing

private final class Connection: Sendable {
  let pool: ConnectionPool
  init(pool: ConnectionPool) { self.pool = pool }
}

private final class ConnectionPool: Sendable {}

/// Counts what an `async` factory made, and how many times it ran.
private final class Made: Sendable {
  private let count = Locked(0)
  @discardableResult func increment() -> Int {
    count.withLock {
      $0 += 1; return $0
    }
  }
  var value: Int { count.withLock { $0 } }
}

private final class ReportJob: Sendable {
  let openConnection: AsyncProvider<Connection>
  let index: AsyncLazy<Connection>
  init(openConnection: AsyncProvider<Connection>, index: AsyncLazy<Connection>) {
    (self.openConnection, self.index) = (openConnection, index)
  }
}

@MainActor private final class AwaitedBadge {
  init() { MainActor.assertIsolated() }
}

private final class AwaitedBadgeJob: Sendable {
  let makeBadge: AsyncProvider<AwaitedBadge>
  init(makeBadge: AsyncProvider<AwaitedBadge>) { self.makeBadge = makeBadge }
}

private final class SyncJob: Sendable {
  let openConnection: Provider<Connection>
  let index: Lazy<Connection>
  init(openConnection: Provider<Connection>, index: Lazy<Connection>) {
    (self.openConnection, self.index) = (openConnection, index)
  }
}

/// `AsyncProvider` and `AsyncLazy`: `Provider` and `Lazy` for definitions made by `async` factories
/// or on the main actor, read from `async` code.
struct AsyncProviderAndLazyTests {
  private func app(_ made: Made, failFirst: Bool = false) -> Container {
    let app = Container()
    app.register(.singleton) { ConnectionPool() }
    app.register(.unique) { r async throws -> Connection in
      await Task.yield()
      struct Unavailable: Error {}
      if made.increment() == 1 && failFirst { throw Unavailable() }
      return Connection(pool: try await r.resolve())
    }
    app.autowire(ReportJob.init)
    return app
  }

  @Test func anAsyncProviderMakesANewInstanceOfAnAsyncDefinitionOnEachCall() async throws {
    let made = Made()
    let job = try await app(made).resolve(ReportJob.self)
    #expect(made.value == 0)
    let first = try await job.openConnection()
    let second = try await job.openConnection()
    #expect(first !== second)
    #expect(first.pool === second.pool)
    #expect(made.value == 2)
  }

  @Test func anAsyncLazyResolvesAnAsyncDefinitionOnceOnFirstAccess() async throws {
    let made = Made()
    let job = try await app(made).resolve(ReportJob.self)
    #expect(!job.index.isResolved)
    let first = try await job.index.value
    #expect(job.index.isResolved)
    #expect(try await job.index.value === first)
    #expect(made.value == 1)
  }

  @Test func anAsyncLazyRetriesAfterAFailedFirstAccessAndThenKeepsTheInstance() async throws {
    let made = Made()
    let job = try await app(made, failFirst: true).resolve(ReportJob.self)
    let error = await #expect(throws: ResolutionError.self) { try await job.index.value }
    #expect(error?.code == .factoryFailed)
    #expect(!job.index.isResolved)
    let first = try await job.index.value
    #expect(try await job.index.value === first)
    #expect(made.value == 2)
  }

  /// Tasks that reach an unresolved `AsyncLazy` at once resolve it once and all get that instance,
  /// also when the first resolution fails (the waiting tasks then try again, one at a time).
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func anAsyncLazyFirstReadByManyTasksAtOnceResolvesOnce(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let failFirst = Bool.random(using: &random)
    let tasks = Int.random(in: 2...16, using: &random)
    let made = Made()
    let job = try await app(made, failFirst: failFirst).resolve(ReportJob.self)
    let seen = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<tasks {
        group.addTask { (try? await job.index.value).map(ObjectIdentifier.init) }
      }
      return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
    }
    let identities = Set(seen.compactMap(\.self))
    #expect(identities.count == 1, "seed \(seed)")
    #expect(seen.filter { $0 == nil }.count <= (failFirst ? 1 : 0), "seed \(seed)")
    #expect(made.value == (failFirst ? 2 : 1), "seed \(seed)")
  }

  @Test func anAsyncProviderRunsAMainActorFactoryOnTheMainActorFromAnyTask() async throws {
    let app = Container()
    app.register(.unique) { @MainActor _ in AwaitedBadge() }
    app.autowire(AwaitedBadgeJob.init)
    let job = try await app.resolve(AwaitedBadgeJob.self)
    let badge = try await Task.detached { try await job.makeBadge() }.value
    _ = badge
  }

  @Test func anAsyncProviderCalledInAnAsyncFactoryJoinsItsGraph() async throws {
    final class Repo: Sendable {}
    final class Page: Sendable {
      let repo: Repo
      let other: Repo
      init(repo: Repo, other: Repo) { (self.repo, self.other) = (repo, other) }
    }
    let app = Container()
    app.register(.shared) { Repo() }
    app.register { r async throws -> Page in
      let provider: AsyncProvider<Repo> = try await r.resolve()
      return Page(repo: try await r.resolve(), other: try await provider())
    }
    let page = try await app.resolve(Page.self)
    #expect(page.repo === page.other)
  }

  @Test func injectingAnAsyncProviderOrLazyOfAnUnregisteredTypeIsAnErrorAndValidationReportsIt() async throws {
    let app = Container()
    app.autowire(ReportJob.init)
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(ReportJob.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "ReportJob → Connection", "\(error?.pathDescription ?? "")")
    let report = await app.validate()
    #expect(!report.problems.isEmpty)
    #expect("\(report)".contains("Connection"), "\(report)")
  }

  /// A `Provider` or `Lazy` of an `async` definition cannot await it: its error says which
  /// wrapper to inject instead.
  @Test func aProviderOrLazyOfAnAsyncDefinitionNamesItsAsyncForm() async throws {
    let made = Made()
    let app = app(made)
    app.autowire(SyncJob.init)
    let job = try await app.resolve(SyncJob.self)
    let fromProvider = #expect(throws: ResolutionError.self) { try job.openConnection() }
    #expect(fromProvider?.code == .requiresAwait)
    #expect(
      fromProvider?.message
        == "Connection is made by async code (a factory or block), but this Provider<Connection> resolves "
        + "synchronously and cannot await it.")
    #expect(fromProvider?.remedy.hasPrefix("Inject AsyncProvider<Connection> instead") == true)
    let fromLazy = #expect(throws: ResolutionError.self) { try job.index.value }
    #expect(fromLazy?.remedy.hasPrefix("Inject AsyncLazy<Connection> instead") == true)
    // Following the remedy works.
    let asyncJob = try await app.resolve(ReportJob.self)
    _ = try await asyncJob.openConnection()
    _ = try await asyncJob.index.value
  }
}
