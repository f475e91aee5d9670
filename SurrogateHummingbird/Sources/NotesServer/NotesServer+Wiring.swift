import Hummingbird
public import Logging
import ServiceLifecycle
public import Surrogate
import SurrogateHummingbird
import SurrogateServiceLifecycle

// MARK: - Composed by the container

extension NotesServer {
  /// The app container: what the server is made of, and how long each part lives. Complete only
  /// in a request's scope, where `RequestScopeMiddleware` registers the request.
  ///
  /// ```swift
  /// let app = NotesServer.makeContainer(NotesServerConfiguration(), events: EventLog(), logger: logger)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: The pool's size and the services' intervals.
  ///   - events: Where the pool and the services record what they did.
  ///   - logger: The app's logger.
  /// - Returns: The container, with nothing made yet.
  public static func makeContainer(
    _ configuration: NotesServerConfiguration, events: EventLog, logger: Logger
  ) -> Container {
    let app = Container()
    app.register(.singleton) { events }
    app.register(.singleton) { logger }
    app.register(.singleton) { NoteStore() }
    app.register(.singleton) { UnitOfWorkLedger() }
    app.register(.singleton) { r in
      ConnectionPool(size: configuration.poolSize, store: try r.resolve(), events: try r.resolve())
    }
    .disposing { pool in await pool.close() }
    // One per request, disposed (Disposable) when the request's scope ends.
    app.register(.scoped) { r in try UnitOfWork(pool: r.resolve(), ledger: r.resolve()) }
    // The request comes from the scope, registered by RequestScopeMiddleware.
    app.register { r in NotesHandler(unitOfWork: try r.resolve(), request: try r.resolve()) }
    // Long-running services: run by a ServiceGroup after the services they depend on, stopped
    // before them (SurrogateServiceLifecycle); the pool is disposed by the app's shutdown after.
    app.register(.singleton) { r in
      Purger(
        pool: try r.resolve(), interval: configuration.purgeInterval, maximumAge: configuration.maximumNoteAge,
        events: try r.resolve())
    }
    .runsAsService()
    app.register(.singleton) { r in
      StatsReporter(
        pool: try r.resolve(), ledger: try r.resolve(), interval: configuration.statsInterval, logger: try r.resolve(),
        events: try r.resolve())
    }
    .runsAsService()
    return app
  }

  static func composed(
    _ configuration: NotesServerConfiguration, events: EventLog, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void
  ) async throws -> NotesServer {
    let app = makeContainer(configuration, events: events, logger: logger)
    let router = Router(context: BasicScopedRequestContext.self)
    router.add(middleware: RequestScopeMiddleware(container: app))
    ContainerHandlers().addRoutes(to: router)
    // The HTTP server is a service too, declared last: it starts after the purger and the stats
    // reporter and stops first, its requests in flight answered, before the pool closes.
    let server = application(router, configuration, logger: logger, onServerRunning: onServerRunning)
    app.register(.singleton) { r in
      _ = try r.resolve(ConnectionPool.self)  // its requests use the pool
      return RecordedService(name: "http server", base: server, events: try r.resolve())
    }
    .runsAsService()
    return NotesServer(
      events: events, ledger: try await app.resolve(), pool: try await app.resolve(),
      services: try await app.lifecycleServices(), logger: logger, shutdown: { try await app.shutdown() })
  }
}

struct ContainerHandlers: NotesHandlerSource {
  func withHandler<Result: Sendable>(
    _ request: Request, _ context: BasicScopedRequestContext, _ body: (NotesHandler) async throws -> Result
  ) async throws -> Result {
    try await body(try Self.handler(in: context.requestScope.container))
  }

  /// NB: synchronous, so that the synchronous `resolve` runs: every factory of the handler's
  /// graph is synchronous, and the awaited `resolve` would build its graph in a task-local
  /// and hop between executors.
  private static func handler(in scope: Container) throws -> NotesHandler {
    try scope.resolve(NotesHandler.self)
  }
}

// MARK: - Wired by hand, for the load comparison

extension NotesServer {
  static func byHand(
    _ configuration: NotesServerConfiguration, events: EventLog, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void
  ) -> NotesServer {
    let store = NoteStore()
    let ledger = UnitOfWorkLedger()
    let pool = ConnectionPool(size: configuration.poolSize, store: store, events: events)
    let router = Router(context: BasicRequestContext.self)
    HandWiredHandlers(pool: pool, ledger: ledger).addRoutes(to: router)
    let server = application(router, configuration, logger: logger, onServerRunning: onServerRunning)
    return NotesServer(
      events: events, ledger: ledger, pool: pool,
      services: [
        Purger(
          pool: pool, interval: configuration.purgeInterval, maximumAge: configuration.maximumNoteAge, events: events),
        StatsReporter(
          pool: pool, ledger: ledger, interval: configuration.statsInterval, logger: logger, events: events),
        RecordedService(name: "http server", base: server, events: events),
      ],
      logger: logger, shutdown: { await pool.close() })
  }
}

struct HandWiredHandlers: NotesHandlerSource {
  let pool: ConnectionPool
  let ledger: UnitOfWorkLedger

  func withHandler<Result: Sendable>(
    _ request: Request, _ context: BasicRequestContext, _ body: (NotesHandler) async throws -> Result
  ) async throws -> Result {
    let unitOfWork = try UnitOfWork(pool: pool, ledger: ledger)
    let result: Result
    do {
      result = try await body(NotesHandler(unitOfWork: unitOfWork, request: request))
    } catch {
      await unitOfWork.dispose()
      throw error
    }
    await unitOfWork.dispose()
    return result
  }
}
