import SuiteSupport
import Surrogate
import Testing

@MainActor
private final class ScopedScreen {
  let session: SessionStub
  let journal: DisposalJournal
  init(session: SessionStub, journal: DisposalJournal) {
    self.session = session
    self.journal = journal
  }
  func close() { journal.note("screen \(session.request.id)") }
}

private protocol ScopedCatalogue: Sendable {
  var name: String { get }
}

private final class PlainCatalogue: ScopedCatalogue, Disposable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  var name: String { "plain" }
  func dispose() async throws { journal.note("plain catalogue") }
}

private final class CachingScopedCatalogue: ScopedCatalogue {
  let upstream: any ScopedCatalogue
  init(upstream: any ScopedCatalogue) { self.upstream = upstream }
  var name: String { "cached \(upstream.name)" }
}

private final class InjectedHandler {
  @Injected var session: SessionStub
  @Injected var request: RequestStub
}

/// The synchronous `validate()`, from async code too.
private func validateNow(_ container: Container) -> ValidationReport { container.validate() }

/// `.scoped` and disposal combined with the container's other features.
struct ScopedCombinationTests {
  private func makeApp(_ journal: DisposalJournal) -> Container {
    let app = Container()
    app.register(.singleton) { PoolStub(journal: journal) }
    app.register(.scoped) { r in SessionStub(pool: try r.resolve(), request: try r.resolve(), journal: journal) }
      .disposing { session in journal.note("session \(session.request.id)") }
    return app
  }

  @MainActor
  @Test func mainActorFactoryInAScopeSharesTheScopesInstance() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register(.scoped) { @MainActor r in ScopedScreen(session: try r.resolve(), journal: journal) }
      .disposing { screen in await screen.close() }
    let same = try await app.withScope { scope in
      scope.register { RequestStub(id: 3) }
      let screen = try await scope.resolve(ScopedScreen.self)
      return screen.session === (try await scope.resolve(SessionStub.self))
    }
    #expect(same)
    #expect(journal.disposed == ["screen 3", "session 3"])
  }

  @Test func asyncFactoryMakesOneInstancePerScopeAndIsDisposed() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let made = Counter()
    app.register(.scoped) { (_: Resolver) async throws -> DisposableStub in
      await Task.yield()
      made.increment()
      return DisposableStub("async-made", journal: journal)
    }
    try await app.withScope { scope in
      let first = try await scope.resolve(DisposableStub.self)
      let second = try await scope.resolve(DisposableStub.self)
      #expect(first === second)
    }
    #expect(made.value == 1)
    #expect(journal.disposed == ["async-made"])
  }

  @Test func decoratedScopedDefinitionIsDecoratedOncePerScopeAndItsInstanceDisposed() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped, type: (any ScopedCatalogue).self) { PlainCatalogue(journal: journal) }
    app.decorate((any ScopedCatalogue).self) { _, inner in CachingScopedCatalogue(upstream: inner) }
    let names = try await app.withScope { scope in
      let first = try await scope.resolve((any ScopedCatalogue).self)
      let second = try await scope.resolve((any ScopedCatalogue).self)
      #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
      return first.name
    }
    #expect(names == "cached plain")
    #expect(journal.disposed == ["plain catalogue"])
  }

  @Test func autoInjectedPropertiesResolveInTheScope() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register { InjectedHandler() }
    let (handler, session) = try await app.withScope { scope in
      scope.register { RequestStub(id: 9) }
      return (try await scope.resolve(InjectedHandler.self), try await scope.resolve(SessionStub.self))
    }
    #expect(handler.session === session)
    #expect(handler.request.id == 9)
    #expect(journal.disposed == ["session 9"])
  }

  @Test func customScopeInstancesAreDisposedByShutdownAndScopesKeepTheirOwn() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.custom("session"), tag: "user") { DisposableStub("user session", journal: journal) }
    app.register(.scoped, tag: "request") { DisposableStub("request", journal: journal) }
    try await app.withScope { scope in
      _ = try await scope.resolve(DisposableStub.self, tag: "user")
      _ = try await scope.resolve(DisposableStub.self, tag: "request")
    }
    #expect(journal.disposed == ["request"])
    try await app.shutdown()
    #expect(journal.disposed == ["request", "user session"])
  }

  /// A collaborator's `.scoped` definition, requested in a scope of a container it collaborates
  /// with, is that scope's (as its `.shared` instances are): made once there, with what the scope
  /// registered, and disposed when the scope ends (`CollaboratorScopedTests` has the rest).
  @Test func scopedDefinitionOfACollaboratorIsTheScopesInAScope() async throws {
    let journal = DisposalJournal()
    let services = makeApp(journal)
    let app = Container()
    app.collaborate(with: services)
    app.register { r in RepositoryStub(session: try r.resolve()) }
    let outcome = try await app.withScope { scope in
      scope.register { RequestStub(id: 5) }
      let repository = try await scope.resolve(RepositoryStub.self)
      #expect(try await scope.resolve(SessionStub.self) === repository.session)
      return "resolved \(repository.session.request.id)"
    }
    #expect(outcome == "resolved 5")
    #expect(journal.disposed == ["session 5"])
    withExtendedLifetime(services) {}
  }

  /// It can never be made (its dependencies resolve outside any scope): a problem, and the warning
  /// that says why.
  @Test func validateBreaksAndWarnsOfASingletonThatDependsOnAScopedDefinition() {
    let app = Container()
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
    app.register(.scoped) { r in
      RepositoryStub(
        session: SessionStub(pool: try r.resolve(), request: RequestStub(id: 0), journal: DisposalJournal()))
    }
    app.register(.singleton) { r in (try r.resolve(RepositoryStub.self), 1) }
    let report = app.validate()
    #expect(report.problems.map(\.code) == [.outsideScope], "\(report)")
    #expect(report.brokenDefinitions == [DefinitionKey(type: (RepositoryStub, Int).self)], "\(report)")
    let captive = report.warnings.filter { $0.kind == .captiveDependency }
    #expect(captive.count == 1)
    #expect(captive.first?.path.last == DefinitionKey(type: RepositoryStub.self))
    #expect(captive.first?.message.contains("outside any scope") == true)
  }

  @Test func validateInAScopeChecksTheAppsScopedDefinitionsWithWhatTheScopeRegisters() async throws {
    let app = makeApp(DisposalJournal())
    let appReport = validateNow(app)
    #expect(appReport.problems.map(\.key.type).contains { $0 == RequestStub.self })
    let report = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      return validateNow(scope)
    }
    #expect(report.isValid, "\(report)")
    #expect(report.checked.contains(DefinitionKey(type: SessionStub.self)))
  }

  @Test func dependencyGraphShowsTheScopedScope() throws {
    let app = makeApp(DisposalJournal())
    app.register { RequestStub(id: 0) }
    let graph = app.dependencyGraph()
    let node = graph.nodes.first { $0.key == DefinitionKey(type: SessionStub.self) }
    #expect(node?.scope == .scoped)
  }
}
