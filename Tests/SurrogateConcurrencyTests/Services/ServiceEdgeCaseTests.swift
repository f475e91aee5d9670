import SuiteSupport
import Surrogate
import Testing

/// What running services does when there is nothing to run, after the container was shut down,
/// and when two services take each other in their initializers.
struct ServiceEdgeCaseTests {
  private final class Ticker: LongRunningService {
    func run() async throws { try await Task.sleep(for: .seconds(3600)) }
  }
  private final class Left: LongRunningService {
    init(right: Right) {}
    func run() async throws {}
  }
  private final class Right: LongRunningService {
    init(left: Left) {}
    func run() async throws {}
  }

  @Test func runningServicesWithNoneDeclaredReturnsAtOnce() async throws {
    let app = Container()
    app.register(.singleton) { Ticker() }
    // Not a service: nothing to run, nothing to wait for (this test would hang otherwise).
    try await app.runServices()
  }

  @Test func resolvingServicesAfterShutdownIsATypedError() async throws {
    let app = Container()
    app.register(.singleton) { Ticker() }.runsAsService()
    try await app.shutdown()
    do {
      _ = try await app.resolveServices()
      Issue.record("expected containerShutDown")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("shut down"))
    }
    await #expect(throws: ServiceError.self) { try await app.runServices() }
  }

  @Test func servicesThatTakeEachOtherInTheirInitializersAreToldToUseLazy() async throws {
    let app = Container()
    app.register(.singleton) { r in Left(right: try r.resolve()) }.runsAsService()
    app.register(.singleton) { r in Right(left: try r.resolve()) }.runsAsService()
    do {
      _ = try await app.resolveServices()
      Issue.record("expected resolutionFailed")
    } catch {
      #expect(error.code == .resolutionFailed)
      #expect(error.remedy.contains("Lazy<T>"))
      #expect(!error.remedy.contains(".shared"))
      #expect(!error.message.contains(".."))
    }
  }

  /// A SIGTERM while the services are still being made (an `async` factory awaiting) is a stop,
  /// not a resolution error to fix: `runServices()` returns without starting any, and
  /// `resolveServices()` says the task was cancelled (outside client 23: `resolutionFailed` with
  /// "Fix the resolution error (`await container.validate()` lists every one)").
  @Test func cancellingTheRunWhileItMakesTheServicesStartsNoneAndIsNoFailure() async throws {
    let (factoryStarted, started) = AsyncStream.makeStream(of: Void.self)
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton) { () async throws -> JournalingService in
      started.yield()
      try await Task.sleep(for: .seconds(3600))
      return JournalingService("slow", journal: journal)
    }.runsAsService()
    let run = Task { try await app.runServices() }
    for await _ in factoryStarted { break }
    run.cancel()
    try await run.value
    #expect(journal.entries("start").isEmpty)

    let making = Task { try await app.resolveServices() }
    making.cancel()
    do {
      _ = try await making.value
      Issue.record("expected resolutionFailed")
    } catch let error as ServiceError {
      #expect(error.code == .resolutionFailed)
      #expect(error.cause is CancellationError)
      #expect(error.message.contains("was cancelled"))
      #expect(!error.remedy.contains("validate()"))
    }
    try await app.shutdown()
  }
}
