import Logging
import ServiceLifecycle
import Surrogate
import SurrogateServiceLifecycle
import Testing

/// An admin command: a service that shuts its own container down from its `run`, then waits to
/// be stopped.
private final class AdminService: LongRunningService {
  let app: Container
  let journal: ServiceJournal
  let pool: JournalingService

  init(app: Container, journal: ServiceJournal, pool: JournalingService) {
    self.app = app
    self.journal = journal
    self.pool = pool
  }

  func run() async throws {
    journal.note("start admin")
    try await app.shutdown()
    journal.note("admin shut the app down")
    await waitForCancellation()
    journal.note("stop admin")
    throw CancellationError()
  }
}

/// Services.md: a service that shuts its container down from its own `run` gets its shutdown
/// back; then the service is stopped. In a `ServiceGroup` too (the group of `runServiceGroup`, or
/// one of your own with `lifecycleServices()`): the group then ends, instead of waiting forever for
/// the service that called the shutdown.
struct ShutdownFromAServiceTests {
  private func app(journal: ServiceJournal) -> Container {
    let app = Container()
    // The pool is no service: the admin's is the group's only run, and nothing else ends it.
    app.register(.singleton, tag: "pool") { JournalingService("pool", journal: journal) }
    app.register(.singleton) { [unowned app] r in
      AdminService(app: app, journal: journal, pool: try r.resolve(tag: "pool"))
    }
    .runsAsService()
    return app
  }

  @Test func aServiceThatShutsItsContainerDownEndsRunServiceGroup() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    let ended = try await endsWithinHalfAMinute {
      try await app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger)
    }
    #expect(ended, "runServiceGroup did not end: \(journal.entries)")
    // (The services' ordering made the pool once in a throwaway graph, and disposed it.)
    #expect(
      journal.entries.drop { $0 != "start admin" } == [
        "start admin", "dispose pool", "admin shut the app down", "stop admin",
      ])
  }

  @Test func aServiceThatShutsItsContainerDownEndsAGroupOfItsServices() async throws {
    let journal = ServiceJournal()
    let app = app(journal: journal)
    let services = try await app.lifecycleServices()
    let ended = try await endsWithinHalfAMinute {
      let group = ServiceGroup(
        configuration: .init(
          services: services.map { .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup) },
          gracefulShutdownSignals: [], logger: quietLogger))
      try await group.run()
    }
    #expect(ended, "the group did not end: \(journal.entries)")
    // (The services' ordering made the pool once in a throwaway graph, and disposed it.)
    #expect(
      journal.entries.drop { $0 != "start admin" } == [
        "start admin", "dispose pool", "admin shut the app down", "stop admin",
      ])
  }
}

/// Cancelling the task that runs `runServiceGroup` stops the services as a graceful shutdown
/// does, dependents first (the purger before the pool it uses), then disposes: Services.md's
/// order, which the group's own cancellation, all services at once, does not keep.
struct CancelledServiceGroupTests {
  @Test func cancellingTheTaskOfRunServiceGroupStopsDependentsFirstThenDisposes() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let run = Task { try await app.runServiceGroup(gracefulShutdownSignals: [], logger: quietLogger) }
    await journal.waitUntil(count: 2, of: "start ")
    run.cancel()
    _ = await run.result
    #expect(journal.entries("stop ") == ["purger", "pool"])
    #expect(journal.entries.suffix(2) == ["dispose purger", "dispose pool"])
  }
}

/// Runs `body` and reports whether it ended within half a minute; a hang guard, not a timing goal:
/// when it does not end, it is cancelled so that the suite goes on.
private func endsWithinHalfAMinute(_ body: @escaping @Sendable () async throws -> Void) async throws -> Bool {
  try await withThrowingTaskGroup(of: Bool.self) { group in
    group.addTask {
      try await body()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(30))
      return false
    }
    let first = try await group.next() ?? false
    group.cancelAll()
    return first
  }
}
