import Surrogate
import Testing

/// A factory that hands out an instance made elsewhere (`{ worker }`) gives the ordering graph of
/// `resolveServices()` the app's own object: that graph's disposals must leave it alone, whether
/// it is a service or what a service depends on. (When the ordering itself fails, no real
/// instance exists to tell them apart, and the throwaway disposals run as `validate()`'s do.)
struct ServiceExistingInstanceTests {
  @Test func aServiceRegisteredAsAnExistingInstanceIsNotDisposedBeforeItRuns() async throws {
    let journal = ServiceJournal()
    let worker = JournalingService("worker", journal: journal)
    let app = Container()
    app.register(.singleton) { worker }.runsAsService()
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 1, of: "start ")
    #expect(journal.entries == ["start worker"])
    run.cancel()
    try await run.value
    try await app.shutdown()
    #expect(journal.entries == ["start worker", "stop worker", "dispose worker"])
  }

  @Test func anExistingInstanceAServiceDependsOnIsDisposedOnlyByTheShutdown() async throws {
    let journal = ServiceJournal()
    let pool = JournalingService("pool", journal: journal)
    let app = Container()
    app.register(.singleton, tag: "pool") { pool }
    app.register(.singleton, tag: "purger") { r in
      JournalingService("purger", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    .runsAsService()
    let services = try await app.resolveServices()
    let purger = try #require(services.first?.instance(as: JournalingService.self))
    #expect(purger.dependencies.first === pool)
    // The ordering graph's own purger is disposed; the app's pool is not.
    #expect(journal.entries == ["dispose purger"])
    try await app.shutdown()
    #expect(journal.entries == ["dispose purger", "dispose purger", "dispose pool"])
  }

  @Test func aFreshInstanceTheOrderingGraphMadeIsStillDisposed() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton) { JournalingService("fresh", journal: journal) }.runsAsService()
    let services = try await app.resolveServices()
    #expect(services.count == 1)
    #expect(journal.entries == ["dispose fresh"])
  }
}
