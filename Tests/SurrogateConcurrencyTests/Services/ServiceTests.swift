import SuiteSupport
import Surrogate
import Testing

private protocol ServiceDatabase: Sendable {}
extension JournalingService: ServiceDatabase {}

/// Not a service: a definition between two services.
private final class ServiceRepository: Sendable {
  let database: any ServiceDatabase
  init(database: any ServiceDatabase) { self.database = database }
}

struct ServiceTests {
  /// `pool` ← repository (not a service) ← `purger`, and `mailer` on its own; declared in the
  /// wrong order on purpose.
  private func app(journal: ServiceJournal) -> Container {
    let app = Container()
    app.register(.singleton, tag: "purger") { r in
      JournalingService(
        "purger", journal: journal,
        dependencies: [try r.resolve(ServiceRepository.self).database as! JournalingService])
    }
    .runsAsService()
    app.register(.singleton, tag: "mailer") { JournalingService("mailer", journal: journal) }.runsAsService()
    app.register(.singleton) { r in ServiceRepository(database: try r.resolve(tag: "pool")) }
    app.register(.eagerSingleton, tag: "pool") { JournalingService("pool", journal: journal) }
      .implements((any ServiceDatabase).self, tag: "pool")
      .runsAsService()
    return app
  }

  @Test func servicesAreResolvedDependenciesFirstThenInTheOrderDeclared() async throws {
    let services = try await app(journal: ServiceJournal()).resolveServices()
    #expect(services.map { $0.instance(as: JournalingService.self)?.name } == ["mailer", "pool", "purger"])
  }

  @Test func servicesStopBeforeTheirDependencies() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    try await app.bootstrap()
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 3, of: "start ")
    run.cancel()
    try await run.value
    // Their tasks start in order, and their `run`s then run concurrently; each stops alone,
    // dependents first.
    #expect(Set(journal.entries("start ")) == ["mailer", "pool", "purger"])
    #expect(journal.entries("stop ") == ["purger", "pool", "mailer"])
    // What ordering the services made (in a throwaway graph, as `validate()` does) was disposed
    // before they started.
    #expect(journal.entries.prefix(3).allSatisfy { $0.hasPrefix("dispose ") })
    try await app.shutdown()
    // `pool` was made by `bootstrap()`, the others by `runServices()`: newest first.
    #expect(journal.entries("dispose ").suffix(3) == ["purger", "mailer", "pool"])
  }

  @Test func theContainerDisposesItsServicesAfterTheyStopped() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 3, of: "start ")
    run.cancel()
    try await run.value
    try await app.shutdown()
    // After the throwaway disposals, the starts and stops, then the disposals, newest first (the
    // real instances were made dependencies first).
    #expect(
      journal.entries.suffix(6) == [
        "stop purger", "stop pool", "stop mailer", "dispose purger", "dispose pool", "dispose mailer",
      ])
  }

  @Test func aFailingServiceStopsTheOthersInReverseOrderAndIsReported() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    app.register(.singleton, tag: "reporter") { r in
      JournalingService(
        "reporter", journal: journal, dependencies: [try r.resolve(tag: "purger")], failure: ServiceStubFailure())
    }
    .runsAsService()
    do {
      try await app.runServices()
      Issue.record("no error")
    } catch {
      #expect(error.code == .serviceFailed)
      #expect(
        error.failures.map(\.key) == [DefinitionKey(type: JournalingService.self, tag: DefinitionTag("reporter"))])
      #expect(error.failures.first?.error is ServiceStubFailure)
      #expect(error.message.contains("connection refused"))
    }
    #expect(Set(journal.entries("start ")) == ["mailer", "pool", "purger", "reporter"])
    #expect(journal.entries("stop ") == ["purger", "pool", "mailer"])
  }

  @Test func aServiceOnAScopeWithoutOneInstanceIsATypedErrorAndAValidationProblem() async throws {
    let app = Container()
    app.register(.shared) { JournalingService("queue", journal: ServiceJournal()) }.runsAsService()
    do {
      _ = try await app.resolveServices()
      Issue.record("no error")
    } catch {
      #expect(error.code == .notASingleton)
      #expect(error.key == DefinitionKey(type: JournalingService.self))
      #expect(error.message.contains("its scope is .shared"))
      #expect(error.remedy.contains("`.singleton` or `.eagerSingleton`"))
    }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.misdeclaredService])
    #expect((report.problems.first?.cause as? ServiceError)?.code == .notASingleton)
  }

  @Test func servicesThatDependOnEachOtherAreACycle() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton, tag: "a") { JournalingService("a", journal: journal) }
      .resolvingProperties { r, _ in _ = try r.resolve(JournalingService.self, tag: "b") }
      .runsAsService()
    app.register(.singleton, tag: "b") { JournalingService("b", journal: journal) }
      .resolvingProperties { r, _ in _ = try r.resolve(JournalingService.self, tag: "a") }
      .runsAsService()
    do {
      try await app.runServices()
      Issue.record("no error")
    } catch {
      #expect(error.code == .dependencyCycle)
      #expect(Set(error.path.map(\.description)).count == 2)
      #expect(error.message.contains("depend on each other"))
    }
    #expect(journal.runs.isEmpty)
    #expect(await app.validate().problems.map(\.code) == [.misdeclaredService])
  }

  @Test func aServiceThatCannotBeMadeStartsNoService() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    app.register(.singleton, tag: "reporter") { r in
      JournalingService("reporter", journal: journal, dependencies: [try r.resolve(tag: "missing")])
    }
    .runsAsService()
    do {
      try await app.runServices()
      Issue.record("no error")
    } catch {
      #expect(error.code == .resolutionFailed)
      #expect((error.cause as? ResolutionError)?.code == .definitionNotFound)
    }
    #expect(journal.runs.isEmpty)
  }

  @Test func aDefinitionRegisteredAgainIsNoLongerAService() async throws {
    let app = Container()
    app.register(.singleton) { JournalingService("old", journal: ServiceJournal()) }.runsAsService()
    app.register(.singleton) { JournalingService("new", journal: ServiceJournal()) }
    #expect(try await app.resolveServices().isEmpty)
  }

  @Test func aChildContainersServicesAreItsOwnAndCanDependOnItsParents() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    let feature = Container(parent: app)
    feature.register(.singleton, tag: "indexer") { r in
      JournalingService("indexer", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    .runsAsService()
    #expect(try await app.resolveServices().count == 3)
    let own = try await feature.resolveServices()
    #expect(own.map { $0.instance(as: JournalingService.self)?.name } == ["indexer"])
    #expect(own.first?.instance(as: JournalingService.self)?.dependencies.first?.name == "pool")
  }

  @Test func aServiceBlockRunsAnInstanceThatDoesNotConform() async throws {
    final class Server: Sendable {
      let journal: ServiceJournal
      init(journal: ServiceJournal) { self.journal = journal }
      func serve() async { journal.note("serving") }
    }
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton) { Server(journal: journal) }.runsAsService { server in await server.serve() }
    try await app.runServices()  // ends when its only service returns
    #expect(journal.entries == ["serving"])
  }
}

struct ServiceStressTests {
  /// Random services, each depending on some declared before it, declared in a shuffled order,
  /// stopped after a random number of them started: a service is started only after its
  /// dependencies, and stops before them.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomServiceGraphsStartAndStopInDependencyOrder(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let journal = ServiceJournal()
    let app = Container()
    let count = Int.random(in: 3...9, using: &random)
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
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: Int.random(in: 1...count, using: &random), of: "start ")
    run.cancel()
    try await run.value
    let stopped = journal.entries("stop ")
    #expect(Set(stopped) == Set(journal.entries("start ")))
    for (index, needs) in dependencies.enumerated() {
      guard let dependent = stopped.firstIndex(of: "\(index)") else { continue }
      for need in needs {
        // What a started service depends on was started before it, and stops after it.
        #expect(stopped.firstIndex(of: "\(need)").map { dependent < $0 } == true, "\(need) stopped before \(index)")
      }
    }
  }
}

/// A pool no service depends on, and a worker that needs nothing.
private final class UnusedPool: Sendable {}
private final class IdleWorker: LongRunningService {
  func run() async throws {}
}

extension ServiceTests {
  /// Services.md: the ordering's throwaway graphs make the eager singletons first, on every call,
  /// also one no service depends on; the app's own is made once, by `bootstrap()`.
  @Test func everyOrderingMakesTheEagerSingletonsInItsThrowawayGraphs() async throws {
    let opened = Counter()
    let app = Container()
    app.register(.eagerSingleton) { () -> UnusedPool in
      opened.increment()
      return UnusedPool()
    }
    app.register(.singleton) { IdleWorker() }.runsAsService()
    try await app.bootstrap()
    let pool = try await app.resolve(UnusedPool.self)
    _ = try await app.resolveServices()
    _ = try await app.resolveServices()
    #expect(opened.value == 3)
    #expect(try await app.resolve(UnusedPool.self) === pool)
  }
}
