import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Surrogate
import SurrogateServiceLifecycle
import Testing

/// A `.scoped` unit of work a service opens per job; disposed when the job's scope ends.
private final class Job: Disposable {
  let journal: ServiceJournal
  let pool: JournalingService
  init(journal: ServiceJournal, pool: JournalingService) {
    self.journal = journal
    self.pool = pool
  }
  func dispose() async throws { journal.note("job done") }
}

struct ServiceGroupTests {
  /// `pool` ← `purger` ← `server`, and `mailer` on its own, declared in the wrong order on purpose.
  private func app(journal: ServiceJournal) -> Container {
    let app = Container()
    app.register(.singleton) { r in
      GracefulServer(journal: journal, dependencies: [try r.resolve(tag: "purger")])
    }
    .runsAsService()
    app.register(.singleton, tag: "purger") { r in
      JournalingService("purger", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    .runsAsService()
    app.register(.singleton, tag: "mailer") { JournalingService("mailer", journal: journal) }.runsAsService()
    app.register(.eagerSingleton, tag: "pool") { JournalingService("pool", journal: journal) }.runsAsService()
    return app
  }

  @Test func theGroupStartsServicesDependenciesFirstAndStopsThemInReverseThenDisposes() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    try await app.bootstrap()
    try await testGracefulShutdown { trigger in
      async let run: Void = app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
      await journal.waitUntil(count: 4, of: "start ")
      trigger.triggerGracefulShutdown()
      try await run
    }
    // The group starts the services' tasks in order; their `run`s then run concurrently.
    #expect(Set(journal.entries("start ")) == ["mailer", "pool", "purger", "server"])
    #expect(journal.entries("stop ") == ["server", "purger", "pool", "mailer"])
    let afterRun = journal.entries.drop { !$0.hasPrefix("start ") }
    #expect(Array(afterRun.suffix(3)) == ["dispose purger", "dispose mailer", "dispose pool"])
    #expect(!afterRun.dropLast(3).contains { $0.hasPrefix("dispose ") })
    do {
      _ = try await app.resolve(JournalingService.self, tag: "pool")
      Issue.record("resolved after the group ended")
    } catch {
      #expect((error as? ResolutionError)?.code == .containerShutDown)
    }
  }

  @Test func aFailingServiceShutsTheOthersDownInReverseAndTheGroupThrowsIt() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    app.register(.singleton, tag: "reporter") { r in
      JournalingService(
        "reporter", journal: journal, dependencies: [try r.resolve(tag: "pool")], failure: ServiceStubFailure())
    }
    .runsAsService()
    await #expect(throws: ServiceStubFailure.self) {
      try await app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
    }
    let runs = journal.runs
    #expect(Set(journal.entries("start ")) == ["mailer", "pool", "purger", "server", "reporter"])
    #expect(runs.last == "stop mailer")
    #expect(runs.filter { $0.hasPrefix("stop ") }.suffix(3) == ["stop purger", "stop pool", "stop mailer"])
    #expect(journal.entries("dispose ").suffix(5).count == 5)
  }

  @Test func aServiceThatCannotBeMadeStartsNothingAndTheContainerIsStillShutDown() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    app.register(.singleton, tag: "reporter") { r in
      JournalingService("reporter", journal: journal, dependencies: [try r.resolve(tag: "missing")])
    }
    .runsAsService()
    try await app.bootstrap()
    do {
      try await app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
      Issue.record("no error")
    } catch let error as ServiceError {
      #expect(error.code == .resolutionFailed)
    }
    #expect(journal.runs.isEmpty)
    #expect(journal.entries.last == "dispose pool")
  }

  @Test func aServiceUsesScopesOfItsContainerWhileItRuns() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.eagerSingleton, tag: "pool") { JournalingService("pool", journal: journal) }.runsAsService()
    app.register(.scoped) { r in Job(journal: journal, pool: try r.resolve(tag: "pool")) }
    app.register(.singleton, tag: "worker") { r in
      JournalingService("worker", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    .runsAsService { [app] worker in
      for _ in 0..<3 {
        try await app.withScope { scope in _ = try await scope.resolve(Job.self) }
      }
      try await worker.run()
    }
    try await testGracefulShutdown { trigger in
      async let run: Void = app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
      await journal.waitUntil(count: 2, of: "start ")
      trigger.triggerGracefulShutdown()
      try await run
    }
    #expect(journal.entries("job ").count == 3)
    #expect(journal.entries("stop ") == ["worker", "pool"])
    #expect(journal.entries.suffix(2) == ["dispose worker", "dispose pool"])
  }

  /// A group of the container's services, and a `shutdown()` of the container from elsewhere
  /// while it runs (an admin command, a test's teardown): the shutdown stops the services,
  /// dependents first, before it disposes what they use. A service that returns ends a group
  /// configured by default with its "finished unexpectedly" error.
  @Test func aShutdownOfTheContainerWhileItsGroupRunsStopsTheServicesBeforeDisposingThem() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let group = ServiceGroup(services: try await app.lifecycleServices(), logger: quietLogger)
    let run = Task { try await group.run() }
    await journal.waitUntil(count: 2, of: "start ")
    try await app.shutdown()
    await #expect(throws: ServiceGroupError.self) { try await run.value }
    #expect(journal.entries("stop ") == ["purger", "pool"])
    #expect(journal.entries.suffix(2) == ["dispose purger", "dispose pool"])
  }

  /// `runServiceGroup` and a `shutdown()` of the container from elsewhere while it runs: the
  /// services stop, dependents first, before anything is disposed, and the group ends as after a
  /// graceful shutdown (the container is already shut down: nothing to report).
  @Test func aShutdownOfTheContainerWhileRunServiceGroupRunsEndsItWithoutAnError() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    async let run: Void = app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
    await journal.waitUntil(count: 2, of: "start ")
    try await app.shutdown()
    try await run
    #expect(journal.entries("stop ") == ["purger", "pool"])
    #expect(journal.entries.suffix(2) == ["dispose purger", "dispose pool"])
  }

  @Test func aChildContainersServicesRunAfterItsParentsInOneGroup() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton, tag: "pool") { JournalingService("pool", journal: journal) }.runsAsService()
    let feature = Container(parent: app)
    feature.register(.singleton, tag: "indexer") { r in
      JournalingService("indexer", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    .runsAsService()
    try await testGracefulShutdown { trigger in
      async let run: Void = ServiceGroup(
        services: try await app.lifecycleServices() + feature.lifecycleServices(), logger: quietLogger
      ).run()
      await journal.waitUntil(count: 2, of: "start ")
      trigger.triggerGracefulShutdown()
      try await run
    }
    try await feature.shutdown()
    try await app.shutdown()
    #expect(journal.entries("stop ") == ["indexer", "pool"])
    #expect(journal.entries.suffix(2) == ["dispose indexer", "dispose pool"])
  }
}

struct ServiceGroupStressTests {
  /// Random services, each depending on some declared before it, declared shuffled; a graceful
  /// shutdown after a random number of them started. Every service starts after its dependencies
  /// and stops before them, and all are disposed after the last stopped.
  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func gracefulShutdownWhileServicesStartStopsThemInDependencyOrder(seed: UInt64) async throws {
    // Each service depends on some declared before it (in `dependencies`), declared shuffled.
    var random = SeededGenerator(seed: seed)
    let journal = ServiceJournal()
    let app = Container()
    let count = Int.random(in: 3...8, using: &random)
    var dependencies: [[Int]] = []
    for index in 0..<count {
      dependencies.append((0..<index).filter { _ in Bool.random(using: &random) })
    }
    for index in (0..<count).shuffled(using: &random) {
      let needs = dependencies[index]
      app.register(.singleton, tag: index) { r in
        JournalingService(
          "\(index)", journal: journal,
          dependencies: try needs.map { try r.resolve(JournalingService.self, tag: $0) })
      }
      .runsAsService()
    }
    let shutdownAfter = Int.random(in: 1...count, using: &random)
    try await testGracefulShutdown { trigger in
      async let run: Void = app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
      await journal.waitUntil(count: shutdownAfter, of: "start ")
      trigger.triggerGracefulShutdown()
      try await run
    }
    // Every service started (a late one sees the shutdown at once) and stopped after the ones
    // that depend on it.
    let stopped = journal.entries("stop ")
    #expect(Set(journal.entries("start ")) == Set(stopped))
    #expect(stopped.count == count)
    for (index, needs) in dependencies.enumerated() {
      for need in needs {
        let (dependent, dependency) = (stopped.firstIndex(of: "\(index)"), stopped.firstIndex(of: "\(need)"))
        #expect(dependent.flatMap { a in dependency.map { a < $0 } } == true, "\(need) stopped before \(index)")
      }
    }
    let lastStop = journal.entries.lastIndex { $0.hasPrefix("stop ") } ?? 0
    #expect(journal.entries[lastStop...].filter { $0.hasPrefix("dispose ") }.count == count)
  }
}

/// SplitMix64, replayable from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
