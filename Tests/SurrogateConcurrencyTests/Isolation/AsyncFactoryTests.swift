import SuiteSupport
import Surrogate
import Synchronization
import Testing

final class Database: Sendable {
  let name: String
  init(name: String) { self.name = name }
  static func open(_ name: String) async throws -> Database {
    await Task.yield()
    return Database(name: name)
  }
}

final class Repo: Sendable {
  let database: Database
  init(database: Database) { self.database = database }
}

/// An async gate for tests: tasks wait until it is opened.
final class AsyncLatch: Sendable {
  private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
  func open() {
    let waiters = state.withLock(owner: self) { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock(owner: self) { state in
        if !state.open { state.waiters.append(continuation) }
        return state.open
      }
      if isOpen { continuation.resume() }
    }
  }
}

struct AsyncFactoryTests {
  @Test func asyncFactoryIsAwaitedAndItsDependenciesToo() async throws {
    let container = Container()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register { r async throws in Repo(database: try await r.resolve()) }
    let repo = try await container.resolve(Repo.self)
    #expect(repo.database.name == "main")
  }

  /// `register { () async in ... }` and `register { await ... }`, without a resolver, are `async`
  /// factories; a closure without `await` stays a synchronous one.
  @Test func anAsyncFactoryThatNeedsNothingFromTheContainerTakesNoResolver() async throws {
    let container = Container()
    container.register(.singleton) { try await Database.open("main") }
    container.register(tag: "spelled") { () async throws -> Database in try await Database.open("spelled") }
    container.register(tag: "plain") { Database(name: "plain") }
    #expect(try await container.resolve(Database.self).name == "main")
    #expect(try await container.resolve(Database.self, tag: "spelled").name == "spelled")
    let error = resolutionError { try container.resolve(Database.self, tag: "spelled") }
    #expect(error?.code == .requiresAwait)
    // Synchronous: it resolves without `await`.
    #expect(Self.resolveSynchronously(container, tag: "plain") == "plain")
  }

  private static func resolveSynchronously(_ container: Container, tag: String) -> String? {
    try? container.resolve(Database.self, tag: tag).name
  }

  @Test func syncDefinitionsResolveThroughTheAsyncPathToo() async throws {
    let container = Container()
    container.register { Service() }
    container.register { r in Repository(service: try r.resolve()) }
    let repository: Repository = try await container.resolve()
    _ = repository.service
    let optional = try await container.resolve(Database?.self)
    #expect(optional == nil)
  }

  @Test func resolvingAnAsyncDefinitionSynchronouslyIsAClearError() {
    let container = Container()
    container.register { _ async throws in try await Database.open("main") }
    container.register { r in Repo(database: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repo.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "Repo → Database")
    #expect(error?.message == "Database is made by an async factory and cannot be resolved synchronously.")
    #expect(
      error?.remedy.hasPrefix("Resolve the request that needs it with `try await container.resolve(...)`") == true)
  }

  @Test func asyncSingletonIsCreatedOnceWhenManyTasksAskAtOnce() async throws {
    let container = Container()
    let made = Counter()
    let release = AsyncLatch()
    container.register(.singleton) { _ async throws -> Database in
      made.increment()
      await release.wait()  // every other task arrives while this one is creating
      return Database(name: "once")
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<20 { group.addTask { ObjectIdentifier(try await container.resolve(Database.self)) } }
      try await Task.sleep(for: .milliseconds(50))
      release.open()
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(made.value == 1)
    #expect(identities.count == 1)
  }

  @Test func asyncSingletonFailureIsNotCached() async throws {
    let container = Container()
    let attempts = Counter()
    container.register(.singleton) { _ async throws -> Database in
      if attempts.increment() == 1 { throw FactoryError(reason: "not yet") }
      return Database(name: "second")
    }
    await #expect(throws: ResolutionError.self) { try await container.resolve(Database.self) }
    #expect(try await container.resolve(Database.self).name == "second")
    #expect(try await container.resolve(Database.self).name == "second")
    #expect(attempts.value == 2)
  }

  @Test func cancelledWaiterGetsCancellationErrorAndCreationGoesOnForTheOthers() async throws {
    let container = Container()
    let started = AsyncLatch()
    let release = AsyncLatch()
    let runs = Locked(0)
    container.register(.singleton) { _ async throws -> Database in
      runs.withLock { $0 += 1 }
      started.open()
      await release.wait()
      return Database(name: "slow")
    }
    let creator = Task { try await container.resolve(Database.self) }
    await started.wait()
    let waiter = Task { try await container.resolve(Database.self) }
    try await Task.sleep(for: .milliseconds(20))  // let the waiter start waiting
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    release.open()
    #expect(try await creator.value.name == "slow")
    #expect(try await container.resolve(Database.self).name == "slow")
    #expect(runs.withLock { $0 } == 1)
  }

  func repositoryContainer() -> Container {
    let container = Container()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register { r async throws in Repo(database: try await r.resolve()) }
    return container
  }

  @Test func awaitedValidationChecksAsyncFactories() async {
    let report = await repositoryContainer().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checked.count == 2)
  }

  @Test func synchronousValidationSkipsAsyncFactoriesWithTheReason() {
    let report = repositoryContainer().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.count == 2)
  }

  @Test func anAsyncPropertyBlockIsAwaitedAndNeedsAwait() async throws {
    let container = Container()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register(.shared) { _ in Report() }
      .resolvingProperties { r, report async throws in report.use(try await r.resolve(Database.self)) }
    let report = try await container.resolve(Report.self)
    #expect(report.database?.name == "main")
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Report.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.message == "Report has an async `resolvingProperties` block and cannot be resolved synchronously.")
  }

  @Test func aSynchronousFactoryRunsOnceAndFindsAsyncSingletonsOnlyOnceTheyAreMade() async throws {
    let container = Container()
    let runs = Counter()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register(.singleton, tag: "audit") { _ async throws in try await Database.open("audit") }
    container.register { r in
      runs.increment()
      return Pair(first: try r.resolve(Database.self), second: try r.resolve(Database.self, tag: "audit"))
    }
    let error = await #expect(throws: ResolutionError.self) { try await container.resolve(Pair.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "Pair → Database")
    #expect(runs.value == 1)
    // Once made, the singletons are there: the synchronous factory finds them.
    _ = try await container.resolve(Database.self)
    _ = try await container.resolve(Database.self, tag: "audit")
    let pair = try await container.resolve(Pair.self)
    #expect(pair.first.name == "main")
    #expect(pair.second.name == "audit")
    #expect(runs.value == 2)
  }
}

/// Gets its database from an `async` property block.
final class Report: Sendable {
  private let storage = Mutex<Database?>(nil)
  var database: Database? { storage.withLock(owner: self) { $0 } }
  func use(_ database: Database) { storage.withLock(owner: self) { $0 = database } }
}

final class Pair: Sendable {
  let first: Database
  let second: Database
  init(first: Database, second: Database) {
    self.first = first
    self.second = second
  }
}
