import SuiteSupport
import Surrogate
import Testing

private final class ProvidedPool: Sendable {}

private final class ProvidedUnitOfWork: Sendable {
  let pool: ProvidedPool
  let request: RequestStub
  init(pool: ProvidedPool, request: RequestStub) {
    self.pool = pool
    self.request = request
  }
}

private final class ProvidedRepository: Sendable {
  let unitOfWork: ProvidedUnitOfWork
  init(unitOfWork: ProvidedUnitOfWork) { self.unitOfWork = unitOfWork }
}

private final class ProvidedHandler: Sendable {
  let repository: ProvidedRepository
  init(repository: ProvidedRepository) { self.repository = repository }
}

/// A clock nobody registers: a real missing dependency.
private struct MissingClock: Sendable {}

private final class TimedHandler: Sendable {
  init(request: RequestStub, clock: MissingClock) {}
}

private final class Stopwatch: Sendable {}
private final class StopwatchHolder: Sendable {
  init(stopwatch: Stopwatch) {}
}

private func syncValidate(_ container: Container) -> ValidationReport { container.validate() }

/// A singleton that needs what only a scope provides: it can never get it.
private final class RequestCounter: Sendable {
  init(request: RequestStub) {}
}

private final class SessionCache: Sendable {
  init(unitOfWork: ProvidedUnitOfWork) {}
}

private protocol RequestInfo: Sendable { var id: Int { get } }
extension RequestStub: RequestInfo {}

private final class InfoLogger: Sendable {
  let info: any RequestInfo
  init(info: any RequestInfo) { self.info = info }
}

/// Gets the request through an auto-injected property, not its initializer.
private final class InjectedRequestHandler: @unchecked Sendable {  // filled once, before it is shared
  @Injected var request: RequestStub
}

/// Gets a `.scoped` unit of work (which takes the request) through an auto-injected property.
private final class InjectedUnitHandler: @unchecked Sendable {  // filled once, before it is shared
  @Injected var unitOfWork: ProvidedUnitOfWork
}

private protocol RequestCheck: Sendable {}
private struct RequestIDCheck: RequestCheck {
  init(request: RequestStub) {}
}

struct ScopeProvidedTests {
  private func makeApp() -> Container {
    let app = Container()
    app.declareScopeProvided(RequestStub.self)
    app.register(.singleton) { ProvidedPool() }
    app.register(.scoped) { r in ProvidedUnitOfWork(pool: try r.resolve(), request: try r.resolve()) }
    app.register { r in ProvidedRepository(unitOfWork: try r.resolve()) }
    app.register { r in ProvidedHandler(repository: try r.resolve()) }
    return app
  }

  private func names(_ keys: [DefinitionKey]) -> Set<String> { Set(keys.map(\.description)) }

  // MARK: - The app's validate(), outside a scope

  @Test func appValidationTakesADeclaredScopeProvidedTypeAsProvided() async {
    let app = makeApp()
    let report = await app.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.problems.isEmpty, "\(report)")
    #expect(
      names(report.checked) == ["ProvidedHandler", "ProvidedPool", "ProvidedRepository", "ProvidedUnitOfWork"],
      "\(report)")
  }

  @Test func synchronousAppValidationTakesADeclaredScopeProvidedTypeAsProvided() {
    let report = makeApp().validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func appValidationWithoutTheDeclarationStillReportsTheTypeMissing() async {
    let app = Container()
    app.register(.scoped) { r in ProvidedUnitOfWork(pool: ProvidedPool(), request: try r.resolve()) }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.definitionNotFound], "\(report)")
  }

  @Test func appValidationStillReportsAnotherMissingDependencyOfADefinitionThatNeedsAScopeProvidedOne() async {
    let app = makeApp()
    app.register { r in
      let clock: MissingClock = try r.resolve()
      return TimedHandler(request: try r.resolve(), clock: clock)
    }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.definitionNotFound], "\(report)")
    #expect(report.problems.first?.key.description == "MissingClock", "\(report)")
    #expect(report.brokenDefinitions.map(\.description) == ["TimedHandler"], "\(report)")
  }

  @Test func appValidationReportsASingletonThatNeedsAScopeProvidedType() async {
    let app = makeApp()
    app.register(.singleton) { r in RequestCounter(request: try r.resolve()) }
    let report = await app.validate()
    let problem = report.problems.first
    #expect(report.problems.count == 1, "\(report)")
    #expect(problem?.code == .outsideScope, "\(report)")
    #expect(problem?.key.description == "RequestStub", "\(report)")
    #expect(problem?.message.contains("RequestCounter is a singleton") == true, "\(String(describing: problem))")
    #expect(problem?.message.contains("ScopeProvidedTests.swift:") == true, "\(String(describing: problem))")
    #expect(report.brokenDefinitions.map(\.description) == ["RequestCounter"], "\(report)")
  }

  @Test func appValidationStillReportsACaptiveSingletonOfAScopedDefinition() async {
    let app = makeApp()
    app.register(.singleton) { r in SessionCache(unitOfWork: try r.resolve()) }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.outsideScope], "\(report)")
    // The `.scoped` definition is what the singleton cannot have, not the request it takes.
    #expect(report.problems.first?.key.description == "ProvidedUnitOfWork", "\(report)")
    #expect(report.problems.first?.pathDescription == "SessionCache → ProvidedUnitOfWork", "\(report)")
    #expect(report.brokenDefinitions.map(\.description) == ["SessionCache"], "\(report)")
    #expect(report.warnings.contains { $0.kind == .captiveDependency }, "\(report)")
  }

  /// A `.scoped` definition that needs nothing a scope provides: a singleton that takes it still
  /// fails on every request, and the app's validation checks the scoped graph as a whole (client 17).
  @Test func appValidationReportsASingletonThatNeedsAScopedDefinitionThatNeedsNoDeclaredType() async {
    let app = makeApp()
    app.register(.scoped) { Stopwatch() }
    app.register(.singleton) { r in StopwatchHolder(stopwatch: try r.resolve()) }
    for report in [await app.validate(), syncValidate(app)] {
      #expect(report.problems.map(\.code) == [.outsideScope], "\(report)")
      #expect(report.problems.first?.key.description == "Stopwatch", "\(report)")
      #expect(report.brokenDefinitions.map(\.description) == ["StopwatchHolder"], "\(report)")
    }
  }

  // MARK: - A scope that lacks a declared type

  @Test func resolveOutsideAScopeSaysTheTypeIsProvidedByEachScope() {
    let app = Container()
    app.declareScopeProvided(RequestStub.self)
    app.register { r in RequestCounter(request: try r.resolve()) }
    #expect {
      _ = try app.resolve(RequestCounter.self)
    } throws: { error in
      guard let error = error as? ResolutionError else { return false }
      return error.code == .outsideScope && error.key.description == "RequestStub"
        && error.message.contains("declared provided by each scope")
        && error.message.contains("ScopeProvidedTests.swift:") && error.remedy.contains("withScope")
        && error.path.map(\.description) == ["RequestCounter", "RequestStub"]
    }
  }

  @Test func aScopeThatDoesNotRegisterADeclaredTypeGetsAPreciseErrorAtResolve() async throws {
    let app = makeApp()
    let error = try await app.withScope { scope -> ResolutionError? in
      do {
        _ = try await scope.resolve(ProvidedHandler.self)
        return nil
      } catch let error as ResolutionError {
        return error
      }
    }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key.description == "RequestStub")
    #expect(error?.message.contains("this scope did not register it") == true, "\(String(describing: error))")
    #expect(
      error?.message.contains("`declareScopeProvided(RequestStub.self)` at SurrogateTests/") == true,
      "\(String(describing: error))")
    #expect(error?.remedy.contains("scope.register") == true, "\(String(describing: error))")
  }

  @Test func scopeValidationReportsADeclaredTypeTheScopeDidNotRegister() async throws {
    let app = Container()
    app.declareScopeProvided(RequestStub.self)
    app.register { ProvidedPool() }
    let report = try await app.withScope { scope in await scope.validate() }
    #expect(report.problems.map(\.code) == [.definitionNotFound], "\(report)")
    #expect(report.problems.first?.message.contains("this scope did not register it") == true, "\(report)")
    #expect(report.brokenDefinitions.isEmpty, "\(report)")
  }

  @Test func scopeValidationReportsTheMissingTypeOnceWithTheDefinitionsItBreaks() throws {
    let app = makeApp()
    let report = try app.withScope { scope in scope.validate() }
    #expect(report.problems.count == 1, "\(report)")
    #expect(report.problems.first?.key.description == "RequestStub", "\(report)")
    #expect(Set(report.brokenDefinitions.map(\.description)).contains("ProvidedHandler"), "\(report)")
  }

  @Test func aScopeThatRegistersTheDeclaredTypeValidatesAndResolves() async throws {
    let app = makeApp()
    let (report, id) = try await app.withScope { scope in
      scope.register { RequestStub(id: 7) }
      return (await scope.validate(), try await scope.resolve(ProvidedHandler.self).repository.unitOfWork.request.id)
    }
    #expect(report.isValid, "\(report)")
    #expect(id == 7)
  }

  // MARK: - With tags, forwarding, children, multi-bindings, graph export, bootstrap

  @Test func aTaggedDeclarationCoversThatTagOnly() async {
    let app = Container()
    app.declareScopeProvided(RequestStub.self, tag: "tenant")
    app.register(.scoped) { r in ProvidedUnitOfWork(pool: ProvidedPool(), request: try r.resolve(tag: "tenant")) }
    app.register { r in RequestCounter(request: try r.resolve()) }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.definitionNotFound], "\(report)")
    #expect(report.brokenDefinitions.map(\.description) == ["RequestCounter"], "\(report)")
  }

  @Test func anUntaggedDeclarationCoversTaggedRequests() async {
    let app = Container()
    app.declareScopeProvided(RequestStub.self)
    app.register(.scoped) { r in ProvidedUnitOfWork(pool: ProvidedPool(), request: try r.resolve(tag: "tenant")) }
    #expect(await app.validate().isValid)
  }

  @Test func aDeclaredForwardedTypeIsProvidedByTheScopesForwarding() async throws {
    let app = Container()
    app.declareScopeProvided((any RequestInfo).self)
    app.register { r in InfoLogger(info: try r.resolve()) }
    #expect(await app.validate().isValid)
    let id = try await app.withScope { scope in
      scope.register { RequestStub(id: 3) }.implements((any RequestInfo).self)
      #expect(await scope.validate().isValid)
      return try await scope.resolve(InfoLogger.self).info.id
    }
    #expect(id == 3)
  }

  @Test func aChildContainerSeesItsParentsDeclaration() async throws {
    let app = makeApp()
    let feature = Container(parent: app)
    feature.register { r in TimedHandler(request: try r.resolve(), clock: MissingClock()) }
    #expect(await feature.validate().isValid)
    let report = try await feature.withScope { scope in await scope.validate() }
    #expect(report.problems.map(\.key.description) == ["RequestStub"], "\(report)")
  }

  @Test func aDeclarationInAChildDoesNotCoverItsParent() async {
    let app = Container()
    app.register(.scoped) { r in ProvidedUnitOfWork(pool: ProvidedPool(), request: try r.resolve()) }
    let feature = Container(parent: app)
    feature.declareScopeProvided(RequestStub.self)
    #expect(await app.validate().problems.map(\.code) == [.definitionNotFound])
  }

  @Test func aListMemberThatNeedsAScopeProvidedTypeIsCheckedWithIt() async throws {
    let app = Container()
    app.declareScopeProvided(RequestStub.self)
    app.register(into: [any RequestCheck].self) { r in RequestIDCheck(request: try r.resolve()) }
    app.register(into: [any RequestCheck].self) { r in
      _ = try r.resolve(MissingClock.self)
      return RequestIDCheck(request: try r.resolve())
    }
    let report = await app.validate()
    #expect(report.problems.map(\.key.description) == ["MissingClock"], "\(report)")
    let count = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      scope.register { MissingClock() }
      return try await scope.resolve([any RequestCheck].self).count
    }
    #expect(count == 2)
  }

  @Test func theGraphExportMarksWhatStopsAtAScopeProvidedTypeIncompleteWithTheReason() async {
    let app = makeApp()
    let graph = await app.dependencyGraph()
    let unitOfWork = graph.nodes.first { $0.key.description == "ProvidedUnitOfWork" }
    #expect(unitOfWork?.incomplete?.contains("declared provided by each scope") == true, "\(graph.nodes)")
    #expect(graph.edges.contains { $0.from.description == "ProvidedUnitOfWork" && $0.to.description == "ProvidedPool" })
  }

  @Test func aDeclarationAfterBootstrapIsRejected() throws {
    let app = Container()
    try app.bootstrap()
    app.declareScopeProvided(RequestStub.self)
    #expect(app.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap])
    #expect(app.rejectedChanges.first?.message.contains("declared provided by each scope") == true)
  }

  /// Reached through an `@Injected` property, a declared type is taken as provided too, sync
  /// and awaited (found by an outside client: the property's `propertyInjectionFailed`, which
  /// wraps the scope-provided stop, was reported).
  @Test func aDeclaredTypeBehindAnInjectedPropertyIsTakenAsProvided() async throws {
    let app = makeApp()
    app.register { InjectedRequestHandler() }
    app.register { InjectedUnitHandler() }
    func validateSynchronously() -> ValidationReport { app.validate() }
    let report = validateSynchronously()
    #expect(report.problems.isEmpty, "\(report)")
    let awaited = await app.validate()
    #expect(awaited.problems.isEmpty, "\(awaited)")
    let child = Container(parent: app)
    child.register { InjectedRequestHandler() }
    let childReport = await child.validate()
    #expect(childReport.problems.isEmpty, "\(childReport)")
    // In a scope that registers the request, the property is filled.
    let handler = try await app.withScope { scope in
      scope.register { RequestStub(id: 7) }
      return try await scope.resolve(InjectedRequestHandler.self)
    }
    #expect(handler.request.id == 7)
  }
}
