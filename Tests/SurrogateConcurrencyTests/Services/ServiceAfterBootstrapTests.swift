import Surrogate
import Testing

private protocol Maintenance: Sendable {}
extension JournalingService: Maintenance {}

/// `runsAsService()` changes a definition, like `.disposing` or a `resolvingProperties` block:
/// after `bootstrap()` (or `shutdown()`) it is not applied, and it is reported where every other
/// late change is (`rejectedChanges`, `validate()`).
struct ServiceAfterBootstrapTests {
  @Test func aServiceDeclaredAfterBootstrapIsNotRunAndIsListed() async throws {
    let journal = ServiceJournal()
    let app = Container()
    let purger = app.register(.singleton) { JournalingService("purger", journal: journal) }
    try await app.bootstrap()
    purger.runsAsService()
    let rejected = app.rejectedChanges
    #expect(rejected.map(\.code) == [.modifiedAfterBootstrap], "\(rejected)")
    #expect(rejected.first?.key == DefinitionKey(type: JournalingService.self))
    #expect(
      rejected.first?.message
        == "JournalingService was declared a service after `bootstrap()`; the declaration was not applied, so it "
        + "is not run.", "\(rejected)")
    #expect(rejected.first?.remedy.contains("before `bootstrap()`") == true)
    #expect(await app.validate().problems.map(\.code) == [.modifiedAfterBootstrap])
    #expect(try await app.resolveServices().isEmpty)
    // The definition itself still resolves as bootstrapped.
    #expect(try await app.resolve(JournalingService.self).name == "purger")
  }

  @Test func redeclaringAServiceAfterBootstrapKeepsTheBootstrappedRun() async throws {
    let journal = ServiceJournal()
    let app = Container()
    let pool = app.register(.singleton) { JournalingService("pool", journal: journal) }
      .runsAsService { service in journal.note("first run of \(service.name)") }
    try await app.bootstrap()
    pool.runsAsService { service in journal.note("late run of \(service.name)") }
    #expect(app.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap])
    try await app.runServices()
    #expect(journal.entries("first run of ") == ["pool"])
    #expect(journal.entries("late run of ").isEmpty, "\(journal.entries)")
  }

  @Test func aServiceDeclaredOnAForwardedTypeAfterBootstrapIsRejected() async throws {
    let app = Container()
    let forwarded = app.register(.singleton) { JournalingService("pool", journal: ServiceJournal()) }
      .implements((any Maintenance).self)
    try await app.bootstrap()
    forwarded.runsAsService()
    #expect(app.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap])
    #expect(try await app.resolveServices().isEmpty)
  }

  @Test func aServiceChainedOnALateRegistrationIsReportedOnce() async throws {
    let app = Container()
    try await app.bootstrap()
    app.register(.singleton) { JournalingService("late", journal: ServiceJournal()) }.runsAsService()
    #expect(
      app.rejectedChanges.map(\.message) == [
        "JournalingService was registered after `bootstrap()`; the registration was not applied."
      ])
    #expect(try await app.resolveServices().isEmpty)
  }

  @Test func aServiceDeclaredAfterShutdownIsNotRunAndRunningSaysTheContainerIsShutDown() async throws {
    // Shutdown empties the registry: the definition is gone, as a late `.disposing` finds it.
    let app = Container()
    let pool = app.register(.singleton) { JournalingService("pool", journal: ServiceJournal()) }
    try await app.shutdown()
    pool.runsAsService()
    do {
      try await app.runServices()
      Issue.record("expected containerShutDown")
    } catch {
      #expect(error.code == .containerShutDown)
    }
  }

  @Test func aChildOfABootstrappedContainerDeclaresItsOwnServices() async throws {
    let journal = ServiceJournal()
    let app = Container()
    try await app.bootstrap()
    let child = Container(parent: app)
    child.register(.singleton) { JournalingService("feature", journal: journal) }.runsAsService()
    #expect(try await child.resolveServices().map { $0.instance(as: JournalingService.self)?.name } == ["feature"])
    #expect(app.rejectedChanges.isEmpty && child.rejectedChanges.isEmpty)
  }
}
