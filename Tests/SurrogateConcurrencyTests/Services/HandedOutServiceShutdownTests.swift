import SuiteSupport
import Surrogate
import Testing

/// Services that `resolveServices()` handed out and the caller runs itself, as a `ServiceGroup`
/// does (each `run()` in a task of its own), while the container is shut down from elsewhere: the
/// shutdown stops them, dependents first, before it disposes anything.
@Suite(.hangGuard)
struct HandedOutServiceShutdownTests {
  /// Starts each service's `run()` in a task of its own, in order, as a `ServiceGroup` does.
  private func runEach(_ services: [ContainerService]) -> [Task<Void, any Error>] {
    services.map { service in Task { try await service.run() } }
  }

  @Test func shutdownStopsHandedOutServicesDependentsFirstBeforeDisposingThem() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let tasks = runEach(try await app.resolveServices())
    await journal.waitUntil(count: 2, of: "start ")
    try await app.shutdown()
    #expect(!journal.wasDisposedWhileRunning("pool"), "\(journal.entries)")
    #expect(!journal.wasDisposedWhileRunning("purger"), "\(journal.entries)")
    #expect(
      journal.entries(since: "stop purger") == ["stop purger", "stop pool", "dispose purger", "dispose pool"],
      "\(journal.entries)")
    for task in tasks {
      // Stopped by the shutdown: `run()` returns, as after a graceful stop.
      expectReturned(await result(of: task, within: .seconds(10)), "a handed-out service's run()")
    }
  }

  @Test func cancellingTheCallersTaskStillCancelsAHandedOutService() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let tasks = runEach(try await app.resolveServices())
    await journal.waitUntil(count: 2, of: "start ")
    tasks[1].cancel()
    // Not stopped by a shutdown: the service's own `CancellationError` reaches the caller.
    let outcome = await result(of: tasks[1], within: .seconds(10))
    #expect(throws: CancellationError.self) { try outcome?.get() }
    #expect(journal.entries("stop ") == ["purger"])
    try await app.shutdown()
    expectReturned(await result(of: tasks[0], within: .seconds(10)), "the pool's run()")
    #expect(journal.entries(since: "stop purger") == ["stop purger", "stop pool", "dispose purger", "dispose pool"])
  }

  /// Shutdown and the start of the handed-out runs, at random points of each other: each run is
  /// refused (`containerShutDown`) or returns, and a service that started stops before anything is
  /// disposed; nothing hangs.
  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func shutdownRacingTheStartOfHandedOutRunsStopsWhatStartedBeforeDisposingIt(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let services = try await app.resolveServices()
    let yields = Int.random(in: 0...40, using: &random)
    let shutdown = Task {
      for _ in 0..<yields { await Task.yield() }
      try await app.shutdown()
    }
    let tasks = runEach(services)
    expectReturned(await result(of: shutdown, within: .seconds(10)), "shutdown()")
    for task in tasks {
      let ran = await result(of: task, within: .seconds(10))
      if case .failure(let error)? = ran {
        #expect((error as? ServiceError)?.code == .containerShutDown, "\(error)")
      } else {
        expectReturned(ran, "a handed-out service's run()")
      }
    }
    #expect(Set(journal.entries("start ")) == Set(journal.entries("stop ")), "\(journal.entries)")
    for name in ["pool", "purger"] {
      #expect(!journal.wasDisposedWhileRunning(name), "\(name) disposed while running: \(journal.entries)")
    }
  }

  @Test func aHandedOutServiceRunAfterShutdownIsRefusedWithATypedError() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let services = try await app.resolveServices()
    try await app.shutdown()
    do {
      try await services[0].run()
      Issue.record("expected containerShutDown")
    } catch let error as ServiceError {
      #expect(error.code == .containerShutDown)
      #expect(error.key == services[0].key)
    }
    #expect(journal.entries("start ").isEmpty)
  }

  /// A child's handed-out service after its parent's shutdown, and the parent's own after it: each
  /// refusal says whose shutdown it was.
  @Test func aRefusedHandedOutRunSaysWhichShutdownRefusedIt() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let feature = indexerChild(of: app, journal: journal)
    let own = try await app.resolveServices()
    let child = try await feature.resolveServices()
    try await app.shutdown()
    do {
      try await child[0].run()
      Issue.record("expected the parent's shutdown to refuse the run")
    } catch let error as ServiceError {
      #expect(error.code == .containerShutDown)
      #expect(error.message.hasPrefix("A parent of the container was shut down"), "\(error)")
    }
    do {
      try await own[0].run()
      Issue.record("expected the shutdown to refuse the run")
    } catch let error as ServiceError {
      #expect(error.message.hasPrefix("The container was shut down"), "\(error)")
      #expect(error.remedy.hasPrefix("Run the services before `shutdown()`"), "\(error)")
    }
    #expect(journal.entries("start ").isEmpty)
    try await feature.shutdown()
  }

  @Test func aHandedOutServiceThatShutsItsContainerDownFromItsRunDoesNotWaitForItself() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton, tag: "pool") { JournalingService("pool", journal: journal) }.runsAsService()
    app.register(.singleton, tag: "closer") { CloserService(journal: journal) }
      .runsAsService { closer in
        journal.note("start closer")
        try await app.shutdown()
        journal.note("stop closer")
        _ = closer
      }
    let tasks = runEach(try await app.resolveServices())
    for task in tasks {
      let outcome = await result(of: task, within: .seconds(10))
      #expect(outcome != nil, "a handed-out service did not stop")
    }
    #expect(journal.entries.contains("dispose pool"), "\(journal.entries)")
    #expect(!journal.wasDisposedWhileRunning("pool"), "\(journal.entries)")
  }
}

private final class CloserService: Sendable {
  let journal: ServiceJournal
  init(journal: ServiceJournal) { self.journal = journal }
}
