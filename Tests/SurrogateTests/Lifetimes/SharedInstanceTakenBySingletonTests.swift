import SuiteSupport
import Surrogate
import Testing

private final class Conn: Sendable {}
private final class Keeper: Sendable {
  let conn: Conn
  init(conn: Conn) { self.conn = conn }
}
private final class Handler: Sendable {
  let keeper: Keeper
  init(conn: Conn, keeper: Keeper) { self.keeper = keeper }
}
private struct FactoryFailed: Error {}

/// A `.shared` instance the graph made before a singleton (or a session object) took it is the
/// singleton's from then on, as what is made for a singleton is: the scope that the graph ran in,
/// or the failed graph, does not dispose it while the singleton holds it, and neither does the
/// singleton's container (outside client 34).
@Suite(.hangGuard)
struct SharedInstanceTakenBySingletonTests {
  private static func app(_ journal: DisposalJournal, keptBy scope: Scope) -> Container {
    let app = Container()
    app.register(.shared) { Conn() }.disposing { _ in journal.note("conn") }
    app.register(scope) { r in Keeper(conn: try r.resolve()) }.disposing { _ in journal.note("keeper") }
    // The handler takes the connection first: the keeper is made from the graph's one.
    app.register(.unique) { r in Handler(conn: try r.resolve(), keeper: try r.resolve()) }
    return app
  }

  @Test(arguments: [Scope.singleton, .custom("session")])
  func theScopeDoesNotDisposeWhatASingletonTookFromItsGraph(keptBy scope: Scope) async throws {
    let journal = DisposalJournal()
    let app = Self.app(journal, keptBy: scope)
    let keeper = try await app.withScope { scope in try await scope.resolve(Handler.self).keeper }
    #expect(journal.disposed == [])
    #expect(try await app.resolve(Keeper.self) === keeper)
    try await app.shutdown()
    #expect(journal.disposed == ["keeper"])
  }

  @Test func aFailedGraphDoesNotDisposeWhatASingletonItKeptTook() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Conn() }.disposing { _ in journal.note("conn") }
    app.register(.singleton) { r in Keeper(conn: try r.resolve()) }.disposing { _ in journal.note("keeper") }
    app.register(.unique) { r -> Handler in
      _ = Handler(conn: try r.resolve(), keeper: try r.resolve())
      throw FactoryFailed()
    }
    await #expect(throws: ResolutionError.self) { _ = try await app.resolve(Handler.self) }
    #expect(journal.disposed == [])
    let keeper = try await app.resolve(Keeper.self)
    try await app.resetAndDispose(.singleton)
    #expect(journal.disposed == ["keeper"])
    withExtendedLifetime(keeper) {}
  }

  /// The handler that failed is a singleton (or a session object) itself: what was made for it and
  /// then taken by a singleton that the graph keeps is that singleton's, not the failed one's
  /// (outside client 34, seed 2206: the failed handler's leftovers were disposed, the connection
  /// the kept session object holds with them).
  @Test(arguments: [Scope.singleton, .custom("session")], [Scope.singleton, .custom("failing-session")])
  func aFailedSingletonDoesNotDisposeWhatAKeptSingletonTookFromIt(keptBy kept: Scope, failing: Scope) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Conn() }.disposing { _ in journal.note("conn") }
    app.register(kept) { r in Keeper(conn: try r.resolve()) }.disposing { _ in journal.note("keeper") }
    app.register(failing) { r -> Handler in
      _ = Handler(conn: try r.resolve(), keeper: try r.resolve())
      throw FactoryFailed()
    }
    await #expect(throws: ResolutionError.self) { _ = try await app.resolve(Handler.self) }
    #expect(journal.disposed == [])
    // Again, synchronously: the keeper is made; the connection made for the handler is nobody's.
    #expect(resolutionError { try app.resolve(Handler.self) } != nil)
    #expect(journal.disposed == ["conn"])
    let keeper = try await app.resolve(Keeper.self)
    try await app.shutdown()
    // The keeper's connection is the keeper's to release, in its own disposal.
    #expect(journal.disposed == ["conn", "keeper"])
    withExtendedLifetime(keeper) {}
  }

  /// A singleton that takes the graph's instance and then fails keeps nothing: the instance is
  /// nobody's, and is disposed with the failed graph (it was handed over and lost); in a scope, it
  /// is the scope's again, disposed when the scope ends.
  @Test(arguments: [false, true])
  func whatASingletonTookBeforeItsFactoryThrewIsDisposedWithTheGraphOrTheScope(inAScope: Bool) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Conn() }.disposing { _ in journal.note("conn") }
    app.register(.singleton) { r -> Keeper in
      _ = try r.resolve(Conn.self)
      throw FactoryFailed()
    }
    app.register(.unique) { r in Handler(conn: try r.resolve(), keeper: try r.resolve()) }
    if inAScope {
      try await app.withScope { scope in
        await #expect(throws: ResolutionError.self) { _ = try await scope.resolve(Handler.self) }
        #expect(journal.disposed == [])
      }
    } else {
      await #expect(throws: ResolutionError.self) { _ = try await app.resolve(Handler.self) }
    }
    #expect(journal.disposed == ["conn"])
    try await app.shutdown()
    #expect(journal.disposed == ["conn"])
  }

  /// A decorated `.shared` instance: the session object takes the decorator's instance, and the
  /// instance it decorates goes with it (outside client 34, seed 2344: the connection inside the
  /// decorator was disposed with the failed graph while the session object held it).
  @Test(arguments: [false, true])
  func whatADecoratorWrapsGoesWithTheDecoratorASingletonTakes(inAScope: Bool) async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Conn() }.disposing { _ in journal.note("conn") }
    app.decorate(Conn.self) { _, _ in Conn() }
    app.register(.custom("session")) { r in Keeper(conn: try r.resolve()) }.disposing { _ in journal.note("keeper") }
    app.register(.unique) { r -> Handler in
      _ = Handler(conn: try r.resolve(), keeper: try r.resolve())
      throw FactoryFailed()
    }
    if inAScope {
      try await app.withScope { scope in
        _ = await #expect(throws: ResolutionError.self) { _ = try await scope.resolve(Handler.self) }
      }
    } else {
      await #expect(throws: ResolutionError.self) { _ = try await app.resolve(Handler.self) }
    }
    #expect(journal.disposed == [])
    try await app.shutdown()
    #expect(journal.disposed == ["keeper"])
  }

  private final class Socket: Sendable {}
  private final class Client: Sendable {
    init(socket: Socket) {}
  }
  private final class Cache: Sendable {
    init(client: Client) {}
  }
  private final class Page: Sendable {
    init(client: Client, cache: Cache) {}
  }

  /// Only the instance the singleton took is handed over: what that instance was itself given
  /// stays the scope's, and is disposed when the scope ends. A singleton that keeps a request's
  /// instance is a captive dependency, which `validate()` warns of (UnitsOfWork.md says both).
  @Test func whatTheTakenInstanceWasGivenStaysTheScopesAndValidationWarnsOfTheCaptive() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Socket() }.disposing { _ in journal.note("socket") }
    app.register(.shared) { r in Client(socket: try r.resolve()) }
    app.register(.singleton) { r in Cache(client: try r.resolve()) }
    app.register(.unique) { r in Page(client: try r.resolve(), cache: try r.resolve()) }
    try await app.withScope { scope in _ = try await scope.resolve(Page.self) }
    #expect(journal.disposed == ["socket"])
    let report = await app.validate()
    #expect(report.warnings.contains { $0.kind == .captiveDependency && $0.message.contains("Client") })
  }
}
