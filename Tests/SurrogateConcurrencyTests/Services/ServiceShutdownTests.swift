import SuiteSupport
import Surrogate
import Testing

/// `shutdown()` while `runServices()` runs: the services stop (dependents first) before anything
/// is disposed, and the run returns.
@Suite(.hangGuard)
struct ServiceShutdownTests {
  @Test func shutdownDuringARunStopsTheServicesDependentsFirstThenDisposesThem() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    try await app.shutdown()
    // The run stopped before `shutdown()` disposed anything, and `runServices()` returns as after
    // a graceful stop.
    expectReturned(await result(of: run, within: .seconds(10)), "runServices() after shutdown()")
    #expect(!journal.wasDisposedWhileRunning("pool"))
    #expect(!journal.wasDisposedWhileRunning("purger"))
    #expect(journal.entries(since: "stop purger") == ["stop purger", "stop pool", "dispose purger", "dispose pool"])
    do {
      try await app.shutdown()
      Issue.record("expected alreadyEnded")
    } catch {
      #expect(error.code == .alreadyEnded)
    }
    do {
      try await app.runServices()
      Issue.record("expected containerShutDown")
    } catch {
      #expect(error.code == .containerShutDown)
    }
    #expect(journal.entries("start ").count == 2)
  }

  @Test func aParentsShutdownStopsAndDisposesItsChildsServicesBeforeWhatTheyUse() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let feature = indexerChild(of: app, journal: journal)
    let parentRun = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    let childRun = Task { try await feature.runServices() }
    await journal.waitUntil(count: 3, of: "start ")
    try await app.shutdown()
    expectReturned(await result(of: parentRun, within: .seconds(10)), "the parent's runServices()")
    expectReturned(await result(of: childRun, within: .seconds(10)), "the child's runServices()")
    // The child's service uses the parent's pool: it stops first, and the child, shut down with
    // its parent, disposes it first.
    #expect(
      journal.entries(since: "stop indexer") == [
        "stop indexer", "stop purger", "stop pool", "dispose indexer", "dispose purger", "dispose pool",
      ])
    // The child cannot run its services on a parent that was shut down; its own shutdown has
    // nothing left to dispose.
    do {
      try await feature.runServices()
      Issue.record("expected containerShutDown")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("parent"))
    }
    try await feature.shutdown()
    #expect(journal.entries(since: "stop indexer").filter { $0 == "dispose indexer" }.count == 1)
    #expect(journal.entries("start ").count == 3)
  }

  /// Shutdown and the start of a run, at random points of each other: either the run starts
  /// nothing (it throws `containerShutDown`, or returns having started nothing) or the services
  /// that started stop before anything is disposed; nothing hangs.
  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func shutdownRacingTheStartOfARunStopsWhatStartedBeforeDisposingIt(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let yields = Int.random(in: 0...40, using: &random)
    let runFirst = Bool.random(using: &random)
    var run: Task<Void, any Error>?
    if runFirst { run = Task { try await app.runServices() } }
    let shutdown = Task {
      for _ in 0..<yields { await Task.yield() }
      try await app.shutdown()
    }
    if !runFirst { run = Task { try await app.runServices() } }
    expectReturned(await result(of: shutdown, within: .seconds(10)), "shutdown()")
    let ran = await result(of: run!, within: .seconds(10))
    if case .failure(let error)? = ran {
      #expect((error as? ServiceError)?.code == .containerShutDown, "\(error)")
      #expect(journal.entries("start ").isEmpty)
    } else {
      expectReturned(ran, "runServices()")
    }
    #expect(Set(journal.entries("start ")) == Set(journal.entries("stop ")))
    for name in ["pool", "purger"] {
      #expect(!journal.wasDisposedWhileRunning(name), "\(name) disposed while running: \(journal.entries)")
    }
    for name in journal.entries("start ") {
      #expect(journal.entries(since: "stop \(name)").contains("dispose \(name)"), "\(journal.entries)")
    }
  }

  @Test func shutdownWaitsForAServiceThatIgnoresCancellationBeforeDisposingIt() async throws {
    let journal = ServiceJournal()
    let gate = ServiceGate()
    defer { gate.open() }
    let app = Container()
    app.register(.singleton) { StubbornService("stubborn", journal: journal, gate: gate) }
      .runsAsService()
      .disposing { _ in journal.note("dispose stubborn") }
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 1, of: "start ")
    let shutdown = Task {
      try await app.shutdown()
      journal.note("shutdown returned")
    }
    try await Task.sleep(for: .milliseconds(300))
    // Its task was cancelled, and it goes on: `shutdown()` waits for its `run` to return and
    // disposes nothing meanwhile.
    #expect(journal.entries(since: "start stubborn") == ["start stubborn"])
    gate.open()
    expectReturned(await result(of: shutdown, within: .seconds(10)), "shutdown()")
    expectReturned(await result(of: run, within: .seconds(10)), "runServices()")
    #expect(
      journal.entries(since: "start stubborn") == [
        "start stubborn", "stop stubborn", "dispose stubborn", "shutdown returned",
      ])
  }

  @Test func disposalsThatThrowDuringAShutdownOfRunningServicesAreAllReported() async throws {
    let journal = ServiceJournal()
    let gate = ServiceGate()
    defer { gate.open() }
    let app = Container()
    app.register(.singleton, tag: "pool") { JournalingService("pool", journal: journal) }
      .runsAsService()
      .disposing { _ async throws in
        journal.note("dispose pool")
        throw ServiceStubFailure()
      }
    app.register(.singleton, tag: "stubborn") { r in
      _ = try r.resolve(JournalingService.self, tag: "pool")
      return StubbornService("stubborn", journal: journal, gate: gate)
    }
    .runsAsService()
    .disposing { _ async throws in
      await Task.yield()
      journal.note("dispose stubborn")
      throw ServiceStubFailure()
    }
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    let shutdown = Task { try await app.shutdown() }
    try await Task.sleep(for: .milliseconds(100))
    gate.open()
    switch await result(of: shutdown, within: .seconds(10)) {
    case .failure(let error as DisposalError)?:
      #expect(error.code == .disposalFailed)
      #expect(
        error.failures.map(\.key.description) == [#"StubbornService tag "stubborn""#, #"JournalingService tag "pool""#])
      #expect(error.failures.allSatisfy { $0.error is ServiceStubFailure })
    case let other: Issue.record("expected a DisposalError listing both disposals, got \(String(describing: other))")
    }
    expectReturned(await result(of: run, within: .seconds(10)), "runServices()")
    #expect(
      journal.entries(since: "stop stubborn") == ["stop stubborn", "stop pool", "dispose stubborn", "dispose pool"])
  }

  /// A service that shuts its container down from its own `run` (an admin command, say): the
  /// shutdown cannot wait for the run it is part of.
  @Test func aServiceThatShutsItsContainerDownFromItsRunDoesNotWaitForItself() async throws {
    final class Stopper: LongRunningService {
      let journal: ServiceJournal
      let app: Container
      init(journal: ServiceJournal, app: Container) {
        self.journal = journal
        self.app = app
      }
      func run() async throws {
        journal.note("start stopper")
        do {
          try await app.shutdown()
          journal.note("shutdown returned")
          journal.note("cancelled: \(Task.isCancelled)")
        } catch {
          journal.note("shutdown threw \(error)")
        }
        // It goes on serving (its requests' tasks, say) until it is cancelled, after its shutdown.
        await waitForCancellation()
        journal.note("stop stopper")
      }
    }
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    app.register(.singleton, tag: "stopper") { r in
      _ = try r.resolve(JournalingService.self, tag: "purger")
      return Stopper(journal: journal, app: app)
    }
    .runsAsService()
    let run = Task { try await app.runServices() }
    expectReturned(await result(of: run, within: .seconds(10)), "runServices()")
    // The others were stopped, dependents first, before the shutdown disposed them; the caller
    // was cancelled once its shutdown had returned.
    #expect(journal.entries("stop ") == ["purger", "pool", "stopper"])
    #expect(journal.entries.contains("shutdown returned"))
    // It was not cancelled: the disposals ran in its task.
    #expect(journal.entries.contains("cancelled: false"))
    #expect(
      journal.entries(since: "stop purger").suffix(4) == [
        "dispose pool", "shutdown returned", "cancelled: false", "stop stopper",
      ])
    #expect(!journal.wasDisposedWhileRunning("pool"))
    #expect(!journal.wasDisposedWhileRunning("purger"))
  }
}
