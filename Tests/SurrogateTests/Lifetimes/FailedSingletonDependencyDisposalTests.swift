import SuiteSupport
import Surrogate
import Testing

private final class Leaf: Sendable {}
private final class Top: Sendable {
  init(leaf: Leaf) {}
}
private struct FactoryFailed: Error {}

/// What a singleton's (or a session object's) factory was given before it threw is nobody's: the
/// singleton that was to hold it was never made. It is disposed as the rest of a failed graph is,
/// or by the scope when it ends (outside client 34; before, it was never disposed, not even by
/// `shutdown()`).
struct FailedSingletonDependencyDisposalTests {
  private static func app(_ journal: DisposalJournal, scope: Scope) -> Container {
    let app = Container()
    app.register(.shared) { Leaf() }.disposing { _ in journal.note("leaf") }
    app.register(scope) { r -> Top in
      _ = Top(leaf: try r.resolve())
      throw FactoryFailed()
    }
    return app
  }

  private static func resolveTop(_ app: Container) throws(ResolutionError) { _ = try app.resolve(Top.self) }

  @Test(arguments: [Scope.singleton, .custom("session")])
  func aSynchronousResolveDisposesWhatTheFailedFactoryWasGiven(scope: Scope) {
    let journal = DisposalJournal()
    let app = Self.app(journal, scope: scope)
    #expect(throws: ResolutionError.self) { try Self.resolveTop(app) }
    #expect(journal.disposed == ["leaf"])
  }

  @Test(arguments: [Scope.singleton, .custom("session")])
  func anAwaitedResolveDisposesWhatTheFailedFactoryWasGiven(scope: Scope) async {
    let journal = DisposalJournal()
    let app = Self.app(journal, scope: scope)
    await #expect(throws: ResolutionError.self) { _ = try await app.resolve(Top.self) }
    #expect(journal.disposed == ["leaf"])
  }

  @Test func inAScopeTheScopeDisposesItWhenItEnds() async throws {
    let journal = DisposalJournal()
    let app = Self.app(journal, scope: .singleton)
    try await app.withScope { scope in
      await #expect(throws: ResolutionError.self) { _ = try await scope.resolve(Top.self) }
      #expect(journal.disposed == [])
    }
    #expect(journal.disposed == ["leaf"])
    try await app.shutdown()
    #expect(journal.disposed == ["leaf"])
  }
}

/// A singleton registered in a scope ends with the scope: what was made for it there is disposed
/// when the scope ends, after it, as UnitsOfWork.md's table says of what a scope makes (outside
/// client 34; before, it was never disposed).
struct ScopesOwnSingletonDependencyDisposalTests {
  private final class Connection: Sendable {}
  private final class Repository: Sendable {
    init(connection: Connection) {}
  }

  @Test func whatASingletonOfTheScopeTookIsDisposedWhenTheScopeEnds() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.unique) { Connection() }.disposing { _ in journal.note("connection") }
    try await app.withScope { scope in
      scope.register(.singleton) { r in Repository(connection: try r.resolve()) }
        .disposing { _ in journal.note("repository") }
      _ = try await scope.resolve(Repository.self)
    }
    #expect(journal.disposed == ["repository", "connection"])
    try await app.shutdown()
    #expect(journal.disposed == ["repository", "connection"])
  }

  private final class Handler: Sendable {
    init(connection: Connection, repository: Repository) {}
  }

  /// A `.shared` instance the request made first and a singleton of the scope then took is the
  /// scope's still: the scope disposes it, after the singleton (it was handed over to the
  /// singleton, as if the singleton were the app's, and never disposed).
  @Test(arguments: [false, true])
  func aSharedInstanceASingletonOfTheScopeTookIsDisposedWhenTheScopeEnds(awaited: Bool) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Connection() }.disposing { _ in journal.note("connection") }
    app.register { r in Handler(connection: try r.resolve(), repository: try r.resolve()) }
    try await app.withScope { scope in
      scope.register(.singleton) { r in Repository(connection: try r.resolve()) }
        .disposing { _ in journal.note("repository") }
      _ = awaited ? try await scope.resolve(Handler.self) : try Self.resolveHandler(scope)
    }
    #expect(journal.disposed == ["repository", "connection"])
    try await app.shutdown()
    #expect(journal.disposed == ["repository", "connection"])
  }

  private static func resolveHandler(_ container: Container) throws -> Handler { try container.resolve() }

  /// A scope's `validate()` disposes what its check made as the scope's end would: what a
  /// singleton of the scope took too, after that singleton; every connection made is closed.
  @Test(arguments: [false, true])
  func aScopesValidationDisposesWhatASingletonOfTheScopeTook(awaited: Bool) async throws {
    let journal = DisposalJournal()
    let app = Container()
    let made = Locked(0)
    app.register(.unique) { () -> Connection in
      made.withLock { $0 += 1 }
      return Connection()
    }
    .disposing { _ in journal.note("connection") }
    try await app.withScope { scope in
      scope.register(.singleton) { r in Repository(connection: try r.resolve()) }
        .disposing { _ in journal.note("repository") }
      let report = awaited ? await scope.validate() : Self.validate(scope)
      #expect(report.problems.isEmpty, "\(report.problems)")
      let connections = made.withLock { $0 }
      #expect(journal.disposed.filter { $0 == "connection" }.count == connections)
      #expect(journal.disposed.filter { $0 == "repository" }.count == 1)
      // The repository first: it used its connection.
      #expect(
        journal.disposed.firstIndex(of: "repository").map { journal.disposed[$0...].contains("connection") } == true)
    }
  }

  private static func validate(_ container: Container) -> ValidationReport { container.validate() }
}
