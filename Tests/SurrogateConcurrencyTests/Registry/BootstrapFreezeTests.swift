import SuiteSupport
import Surrogate
import Testing

/// `bootstrap()` freezes a container's definitions: later changes are not applied, and are
/// reported where a caller looks (the request they would have answered, `validate()`,
/// `rejectedChanges`).
struct BootstrapFreezeTests {
  @Test func registeringAfterBootstrapIsNotAppliedAndItsRequestThrowsModifiedAfterBootstrap() throws {
    let container = Container()
    try container.bootstrap()
    container.register { Service() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(error?.code == .modifiedAfterBootstrap)
    #expect(error?.message == "Service was registered after `bootstrap()`; the registration was not applied.")
    #expect(error?.remedy.contains("before `bootstrap()`") == true)
    #expect(error?.remedy.contains("`Container(parent: container)`") == true)
    #expect(error?.path == [DefinitionKey(type: Service.self)])
  }

  @Test func aRequestThroughAGraphNamesThePathToTheLateRegistration() throws {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    try container.bootstrap()
    container.register { Service() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    #expect(error?.code == .modifiedAfterBootstrap)
    #expect(error?.pathDescription == "Repository → Service")
  }

  @Test func anOptionalRequestForALateRegistrationThrowsInsteadOfAnsweringNil() throws {
    let container = Container()
    try container.bootstrap()
    container.register { Service() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service?.self) }
    #expect(error?.code == .modifiedAfterBootstrap)
  }

  @Test func replacingADefinitionAfterBootstrapKeepsTheBootstrappedOne() throws {
    let container = Container()
    container.register(.singleton) { Client(host: "live", port: 443) }
    try container.bootstrap()
    container.register(.singleton) { Client(host: "late", port: 80) }
    #expect(try container.resolve(Client.self).host == "live")
    #expect(
      container.rejectedChanges.map(\.message) == [
        "Client was registered after `bootstrap()`; the registration was not applied."
      ])
  }

  @Test func removingADefinitionAfterBootstrapIsNotApplied() throws {
    let container = Container()
    let service = container.register { Service() }
    try container.bootstrap()
    container.remove(service)
    #expect(throws: Never.self) { try container.resolve(Service.self) }
    let rejected = container.rejectedChanges
    #expect(rejected.map(\.code) == [.modifiedAfterBootstrap])
    #expect(
      rejected.first?.message
        == "Service was removed after `bootstrap()`; the removal was not applied, so it still resolves.")
  }

  @Test func aBlockAddedAfterBootstrapIsNotRun() throws {
    let container = Container()
    let ran = Counter()
    let service = container.register(.unique) { Service() }
    try container.bootstrap()
    service.resolvingProperties { _, _ in ran.increment() }
    _ = try container.resolve(Service.self)
    #expect(ran.value == 0)
    #expect(
      container.rejectedChanges.first?.message
        == "A `resolvingProperties` block was added to Service after `bootstrap()`; it was not applied.")
  }

  @Test func aTypeForwardedAfterBootstrapThrowsModifiedAfterBootstrap() throws {
    let container = Container()
    let loader = container.register { NetworkLoader() }
    try container.bootstrap()
    loader.implements((any Loader).self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Loader).self) }
    #expect(error?.code == .modifiedAfterBootstrap)
    #expect(error?.message == "Loader was forwarded after `bootstrap()`; the forwarding was not applied.")
  }

  @Test func aDecorationAfterBootstrapIsNotApplied() throws {
    let container = Container()
    container.register { ConsoleAnalytics() as any Analytics }
    try container.bootstrap()
    container.decorate((any Analytics).self) { _, inner in DecoratedAnalytics(inner: inner) as any Analytics }
    #expect(try container.resolve((any Analytics).self) is ConsoleAnalytics)
    #expect(
      container.rejectedChanges.first?.message
        == "Analytics was decorated after `bootstrap()`; the decoration was not applied.")
  }

  @Test func aLateRegistrationWithChainedCallsIsReportedOnce() throws {
    let container = Container()
    try container.bootstrap()
    container.register { Service() }.resolvingProperties { _, _ in }
    #expect(container.rejectedChanges.count == 1)
  }

  @Test func aLateRegistrationRepeatedOnEveryScreenIsReportedOnce() throws {
    let container = Container()
    try container.bootstrap()
    for _ in 0..<1_000 { container.register { Service() } }
    container.register(tag: "other") { Service() }
    #expect(
      container.rejectedChanges.map(\.key) == [
        DefinitionKey(type: Service.self), DefinitionKey(type: Service.self, tag: DefinitionTag("other")),
      ])
  }

  @Test func validateReportsEveryRejectedChangeAsAProblem() throws {
    let container = Container()
    let service = container.register { Service() }
    try container.bootstrap()
    container.register { View() }
    container.remove(service)
    let report = container.validate()
    #expect(!report.isValid)
    #expect(report.problems.map(\.code) == [.modifiedAfterBootstrap, .modifiedAfterBootstrap])
    #expect(report.problems.map(\.key) == [DefinitionKey(type: View.self), DefinitionKey(type: Service.self)])
    #expect(report.brokenDefinitions.isEmpty)
  }

  @Test func bootstrappingTwiceIsHarmless() throws {
    let container = Container()
    let made = Counter()
    container.register(.eagerSingleton) {
      made.increment(); return Service()
    }
    try container.bootstrap()
    try container.bootstrap()
    #expect(made.value == 1)
    #expect(container.isBootstrapped)
    #expect(container.rejectedChanges.isEmpty)
  }

  @Test func aFailedBootstrapStillFreezesAndASecondOneRetriesTheEagerSingleton() throws {
    let container = Container()
    let attempts = Counter()
    container.register(.eagerSingleton) { () throws -> Service in
      if attempts.increment() == 1 { throw Offline() }
      return Service()
    }
    #expect(throws: ResolutionError.self) { try container.bootstrap() }
    #expect(container.isBootstrapped)
    try container.bootstrap()
    #expect(attempts.value == 2)
  }

  @Test func anAwaitedBootstrapFreezesToo() async throws {
    let container = Container()
    try await container.bootstrap()
    container.register { Service() }
    #expect(container.isBootstrapped)
    #expect(container.rejectedChanges.count == 1)
  }

  @Test func resetLiftsTheFreezeAndForgetsRejectedChanges() throws {
    let container = Container()
    try container.bootstrap()
    container.register { Service() }
    container.removeAll()
    #expect(!container.isBootstrapped)
    #expect(container.rejectedChanges.isEmpty)
    container.register { Service() }
    #expect(throws: Never.self) { try container.resolve(Service.self) }
  }

  @Test func aBootstrappedParentLeavesItsChildrenOpen() throws {
    let app = Container()
    app.register { Service() }
    try app.bootstrap()
    let feature = Container(parent: app)
    feature.register { r in Repository(service: try r.resolve()) }
    #expect(throws: Never.self) { try feature.resolve(Repository.self) }
    #expect(!feature.isBootstrapped)
    try feature.bootstrap()
    feature.register { View() }
    #expect(feature.rejectedChanges.count == 1)
    #expect(app.rejectedChanges.isEmpty)
  }

  @Test func testOverridesStillWorkOnABootstrappedContainer() throws {
    let container = Container()
    container.register { Client(host: "live", port: 443) }
    try container.bootstrap()
    let host = try container.withOverrides({ $0.register { Client(host: "mock", port: 80) } }) {
      try container.resolve(Client.self).host
    }
    #expect(host == "mock")
    #expect(container.rejectedChanges.isEmpty)
  }

  @Test func aChildRequestFindsTheParentsRejectedRegistration() throws {
    let app = Container()
    try app.bootstrap()
    app.register { Service() }
    let feature = Container(parent: app)
    let error = #expect(throws: ResolutionError.self) { try feature.resolve(Service.self) }
    #expect(error?.code == .modifiedAfterBootstrap)
  }

  /// A launch sequence that bootstraps a container after shutting it down (or one whose parent
  /// was) is told so, as `withScope` and `runServices()` are: it made nothing, silently, and said it
  /// was bootstrapped (outside client 23).
  @Test(arguments: [false, true])
  func bootstrappingAShutDownContainerThrowsContainerShutDown(awaited: Bool) async throws {
    let made = DisposalJournal()
    let app = Container()
    app.register(.eagerSingleton) { () -> Service in
      made.note("Service")
      return Service()
    }
    let child = Container(parent: app)
    child.register(.eagerSingleton) { () -> Repository in
      made.note("Repository")
      return Repository(service: Service())
    }
    try await app.shutdown()
    for container in [app, child] {
      let error = await #expect(throws: ResolutionError.self) {
        if awaited { try await container.bootstrap() } else { try bootstrapNow(container) }
      }
      #expect(error?.code == .containerShutDown)
      #expect(error?.message.contains("has been shut down: it made no eager singleton") == true)
      #expect(error?.remedy.contains("before `shutdown()`") == true)
    }
    #expect(made.disposed.isEmpty)
  }

  /// `bootstrap()` racing `shutdown()`: the eager singleton it finishes after the shutdown began
  /// is disposed once, and the error's path names it once (it read "Store → Store", a cycle to the
  /// eye; outside client 23).
  @Test func anEagerSingletonFinishedAfterTheShutdownBeganIsDisposedAndNamedOnceInThePath() async throws {
    let journal = DisposalJournal()
    let (started, factoryStarted) = AsyncStream.makeStream(of: Void.self)
    let (proceed, letItFinish) = AsyncStream.makeStream(of: Void.self)
    let app = Container()
    app.register(.eagerSingleton) { () async -> DisposableStub in
      factoryStarted.yield()
      for await _ in proceed { break }
      return DisposableStub("store", journal: journal)
    }
    let boot = Task { try await app.bootstrap() }
    for await _ in started { break }
    try await app.shutdown()
    letItFinish.yield()
    do {
      try await boot.value
      Issue.record("expected containerShutDown")
    } catch let error as ResolutionError {
      #expect(error.code == .containerShutDown)
      #expect(error.path == [DefinitionKey(type: DisposableStub.self)], "\(error.pathDescription)")
    }
    #expect(journal.disposed == ["store"])
  }

  @Test func aContainerIsNotBootstrappedUntilBootstrapIsCalled() {
    let container = Container()
    container.register { Service() }
    #expect(!container.isBootstrapped)
    #expect(container.rejectedChanges.isEmpty)
  }
}

/// Two eager singletons whose names sort against the order they are registered in.
private final class ZuluClock: Sendable {}
private final class AlphaDatabase: Sendable {}

extension BootstrapFreezeTests {
  /// Bootstrap.md: eager singletons are made in the order of their keys' names, whatever order
  /// they were registered in, and disposed in the reverse.
  @Test func eagerSingletonsAreMadeInTheOrderOfTheirNamesAndDisposedInTheReverse() async throws {
    let made = DisposalJournal()
    let disposed = DisposalJournal()
    let app = Container()
    app.register(.eagerSingleton) { () -> ZuluClock in
      made.note("ZuluClock")
      return ZuluClock()
    }.disposing { _ in disposed.note("ZuluClock") }
    app.register(.eagerSingleton) { () -> AlphaDatabase in
      made.note("AlphaDatabase")
      return AlphaDatabase()
    }.disposing { _ in disposed.note("AlphaDatabase") }
    try await app.bootstrap()
    #expect(made.disposed == ["AlphaDatabase", "ZuluClock"])
    try await app.shutdown()
    #expect(disposed.disposed == ["ZuluClock", "AlphaDatabase"])
  }
}

private struct Offline: Error {}

private struct DecoratedAnalytics: Analytics {
  let inner: any Analytics
}

/// The synchronous `bootstrap()`, from a synchronous function (in an `async` one the call would
/// pick the `async` overload).
private func bootstrapNow(_ container: Container) throws(ResolutionError) { try container.bootstrap() }
