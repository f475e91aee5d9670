import SuiteSupport
import Surrogate
import Testing

/// A factory that hands out an instance made elsewhere (`{ worker }`) gives the ordering graph of
/// `resolveServices()` the app's own object: that graph's disposals must leave it alone, whether
/// it is a service or what a service depends on, and whether the ordering succeeds or fails; so
/// must `validate()`'s, before the container made the object for real.
struct ThrowawayDisposalTests {
  /// An app whose factory hands out `pool`, made before, and a purger made from it.
  private func appWithItsPool(_ pool: JournalingService, journal: ServiceJournal, purgerRunsAsService: Bool)
    -> Container
  {
    let app = Container()
    app.register(.singleton, tag: "pool") { pool }
    let purger = app.register(.singleton, tag: "purger") { r in
      JournalingService("purger", journal: journal, dependencies: [try r.resolve(tag: "pool")])
    }
    if purgerRunsAsService { purger.runsAsService() }
    return app
  }

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
    let app = appWithItsPool(pool, journal: journal, purgerRunsAsService: true)
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

  @Test func whenAServiceCannotBeResolvedTheExistingInstanceIsLeftAloneAndTheRestDisposed() async throws {
    let journal = ServiceJournal()
    let pool = JournalingService("pool", journal: journal)
    let app = Container()
    app.register(.singleton, tag: "pool") { pool }.runsAsService()
    app.register(.singleton, tag: "mailer") { JournalingService("mailer", journal: journal) }.runsAsService()
    app.register(.singleton, tag: "broken") { r in
      JournalingService(
        "broken", journal: journal,
        dependencies: [try r.resolve(tag: "pool"), try r.resolve(tag: "missing")])
    }
    .runsAsService()
    await #expect(throws: ServiceError.self) { _ = try await app.resolveServices() }
    #expect(journal.entries == ["dispose mailer"])
  }

  @Test func validationLeavesAnExistingInstanceAloneAndDisposesTheFreshOneThatHeldIt() async throws {
    let journal = ServiceJournal()
    let pool = JournalingService("pool", journal: journal)
    let app = appWithItsPool(pool, journal: journal, purgerRunsAsService: false)
    let report = await app.validate()
    #expect(report.isValid)
    #expect(journal.entries == ["dispose purger"])
    // The app's pool is still the app's: the real graph gets it, and the shutdown disposes it.
    let purger = try await app.resolve(JournalingService.self, tag: "purger")
    #expect(purger.dependencies.first === pool)
    try await app.shutdown()
    #expect(journal.entries == ["dispose purger", "dispose purger", "dispose pool"])
  }

  @Test func synchronousValidationLeavesAnExistingInstanceAloneInAScope() throws {
    let journal = ServiceJournal()
    let session = ScopedSession()
    let app = Container()
    app.register(.scoped) { session }.disposing { (_: ScopedSession) in journal.note("dispose session") }
    app.register(.scoped) { r in
      let held = try r.resolve(ScopedSession.self)
      return ScopedReport(session: held)
    }
    .disposing { (_: ScopedReport) in journal.note("dispose report") }
    let report = try app.withScope { scope in scope.validate() }
    #expect(report.problems.isEmpty)
    #expect(journal.entries == ["dispose report"])
  }

  private func parentAndChild(_ journal: ServiceJournal) -> Container {
    let app = Container()
    app.register(.singleton) { PropertyParent(journal: journal) }
      .resolvingProperties { r, parent in parent.child = try r.resolve() }
    app.register(.singleton) { JournalingService("child", journal: journal) }
    return app
  }

  @Test func aChildItsOlderParentGotThroughAPropertyIsDisposedAfterTheParent() async throws {
    let journal = ServiceJournal()
    let report = await parentAndChild(journal).validate()
    #expect(report.isValid)
    #expect(journal.entries == ["dispose parent", "dispose child"])
  }

  @Test func theSynchronousValidationReportsBothOfThoseAsyncDisposals() {
    let report = parentAndChild(ServiceJournal()).validate()
    #expect(report.warnings.map(\.kind) == [.disposalRequiresAwait, .disposalRequiresAwait])
  }
}

/// Made first; gets its child, made after it, through a property.
private final class PropertyParent: Disposable {
  let journal: ServiceJournal
  var child: JournalingService?
  init(journal: ServiceJournal) { self.journal = journal }
  func dispose() async throws { journal.note("dispose parent") }
}

/// A session made before the scope, handed out by a factory.
private final class ScopedSession: Sendable {}

/// What a scope makes from a session it is handed.
private final class ScopedReport: Sendable {
  let session: AnyObject & Sendable
  init(session: AnyObject & Sendable) { self.session = session }
}

/// `validate()` outside a scope disposes the `.shared` and `.unique` instances it made that have
/// a disposal: nobody receives them (outside client 22: a `.shared` service's connection stayed
/// open after every validation).
struct ValidationDisposesWhatNobodyReceivesTests {
  @Test func validateDisposesTheSharedAndUniqueInstancesItMadeOutsideAScope() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register { DisposableStub("shared", journal: journal) }
    app.register(.unique, tag: "unique") { DisposableStub("unique", journal: journal) }
      .disposing { stub in journal.note("\(stub.name) block") }
    let report = await app.validate()
    #expect(report.isValid, "\(report)")
    #expect(Set(journal.disposed) == ["shared", "unique block"])
  }

  /// What a singleton holds is the singleton's: only the singleton is disposed.
  @Test func validateLeavesWhatASingletonHoldsToTheSingleton() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register { DisposableStub("shared", journal: journal) }
    app.register(.singleton) { r in
      DisposableHolder("holder", holding: try r.resolve(DisposableStub.self), journal: journal)
    }
    _ = await app.validate()
    #expect(journal.disposed.sorted() == ["holder", "shared"])
  }
}

/// The synchronous `validate()` names the definition whose instance it could not dispose, the type
/// to change, even when it made it for a type it implements (outside client 36: "The HTTPClient
/// that validation made" for a `URLSessionClient` definition).
struct ForwardedThrowawayDisposalTests {
  private protocol HTTPClient: Sendable {}
  private final class URLSessionClient: HTTPClient, Disposable {
    func dispose() async throws {}
  }
  private final class Feed: Sendable {
    init(client: any HTTPClient) {}
  }

  @Test func theWarningNamesTheDefinitionThatMadeIt() throws {
    let app = Container()
    app.register(.unique) { URLSessionClient() }.implements((any HTTPClient).self)
    app.register(.unique) { r in Feed(client: try r.resolve()) }
    let warnings = app.validate().warnings.filter { $0.kind == .disposalRequiresAwait }
    let warning = try #require(warnings.first)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warning.message.hasPrefix("The ForwardedThrowawayDisposalTests.URLSessionClient "), "\(warning.message)")
    #expect(warning.path.last?.type == URLSessionClient.self, "\(warning.path)")
  }
}
