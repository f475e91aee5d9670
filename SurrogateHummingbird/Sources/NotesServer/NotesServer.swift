import Hummingbird
public import Logging
public import ServiceLifecycle
public import UnixSignals
import Surrogate
import SurrogateHummingbird

/// How the notes server runs.
///
/// ```swift
/// var configuration = NotesServerConfiguration()
/// configuration.port = 0  // any free port
/// ```
public struct NotesServerConfiguration: Sendable {
  /// The address to listen on.
  public var host = "127.0.0.1"
  /// The port to listen on; 0 for any free port (``NotesServer/init(_:wiring:onServerRunning:)``'s
  /// `onServerRunning` receives it).
  public var port = 8080
  /// The most connections the pool opens.
  public var poolSize = 64
  /// The time between the purger's rounds.
  public var purgeInterval: Duration = .seconds(60)
  /// How old a note must be for the purger to remove it.
  public var maximumNoteAge: Duration = .seconds(3600)
  /// The time between the stats reporter's reports.
  public var statsInterval: Duration = .seconds(10)
  /// The server's log level.
  public var logLevel = Logger.Level.info

  /// The defaults: 127.0.0.1:8080, a pool of 64.
  ///
  /// ```swift
  /// let configuration = NotesServerConfiguration()
  /// ```
  public init() {}
}

/// How the server makes each request's objects.
///
/// ```swift
/// let server = try await NotesServer(configuration, wiring: .byHand)
/// ```
public enum Wiring: String, Sendable {
  /// Composed by a Surrogate container: the pool and the services are singletons, the unit of
  /// work is `.scoped`, one per request, disposed by `RequestScopeMiddleware` when it answered.
  case container
  /// The same objects made by hand in each route, with the disposal written out.
  case byHand = "by-hand"
}

/// The example notes service: a unit of work per request, a pool, a purger and a stats reporter.
///
/// ```swift
/// let server = try await NotesServer(NotesServerConfiguration())
/// try await server.run(server.makeServiceGroup(gracefulShutdownSignals: [.sigterm, .sigint]))
/// ```
public struct NotesServer: Sendable {
  /// What the services did, in order.
  public let events: EventLog
  /// The units of work's counts.
  public let ledger: UnitOfWorkLedger
  /// The pool, for its leases.
  public let pool: ConnectionPool
  /// The services in dependency order: the purger and the stats reporter (which use the pool),
  /// then the HTTP server (which uses everything). Composed by the container, the order is the
  /// container's (`lifecycleServices()` of SurrogateServiceLifecycle); wired by hand, it is
  /// listed.
  public let services: [any Service]
  let logger: Logger
  let shutdown: @Sendable () async throws -> Void

  /// Builds the server; nothing runs until ``run(_:)``.
  ///
  /// ```swift
  /// let server = try await NotesServer(configuration, wiring: .container) { port in print("listening on \(port)") }
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: The address, pool size and intervals.
  ///   - wiring: Composed by the container (the default) or by hand.
  ///   - onServerRunning: Receives the port the server listens on.
  /// - Throws: The container's `ResolutionError` when its graph is incomplete.
  public init(
    _ configuration: NotesServerConfiguration, wiring: Wiring = .container,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    var logger = Logger(label: "surrogate-notes-server")
    logger.logLevel = configuration.logLevel
    let events = EventLog()
    switch wiring {
    case .container:
      self = try await Self.composed(configuration, events: events, logger: logger, onServerRunning: onServerRunning)
    case .byHand: self = Self.byHand(configuration, events: events, logger: logger, onServerRunning: onServerRunning)
    }
  }

  init(
    events: EventLog, ledger: UnitOfWorkLedger, pool: ConnectionPool, services: [any Service], logger: Logger,
    shutdown: @escaping @Sendable () async throws -> Void
  ) {
    self.events = events
    self.ledger = ledger
    self.pool = pool
    self.services = services
    self.logger = logger
    self.shutdown = shutdown
  }

  /// A service group over ``services``: started in order, stopped in reverse order on a graceful
  /// shutdown (a signal, or `triggerGracefulShutdown()`).
  ///
  /// ```swift
  /// let group = server.makeServiceGroup(gracefulShutdownSignals: [.sigterm])
  /// ```
  ///
  /// - Parameter gracefulShutdownSignals: The signals that shut the group down gracefully.
  /// - Returns: The group; run it with ``run(_:)``.
  public func makeServiceGroup(gracefulShutdownSignals: [UnixSignal]) -> ServiceGroup {
    ServiceGroup(
      configuration: .init(services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger))
  }

  /// Runs `group` until it shuts down, then shuts the app down: the pool closes last.
  ///
  /// ```swift
  /// try await server.run(group)
  /// ```
  ///
  /// - Parameter group: A group from ``makeServiceGroup(gracefulShutdownSignals:)``.
  /// - Throws: What the group or the shutdown throws.
  public func run(_ group: ServiceGroup) async throws {
    do {
      try await group.run()
    } catch {
      try? await shutdown()
      throw error
    }
    try await shutdown()
  }

  static func application<Context: RequestContext>(
    _ router: Router<Context>, _ configuration: NotesServerConfiguration, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void
  ) -> some Service where Context.Source == ApplicationRequestContextSource {
    Application(
      router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }, logger: logger)
  }
}

// MARK: - The routes, shared by both wirings

/// Runs a route's work with the request's ``NotesHandler``; the wirings differ only here.
protocol NotesHandlerSource<Context>: Sendable {
  associatedtype Context: RequestContext
  func withHandler<Result: Sendable>(
    _ request: Request, _ context: Context, _ body: (NotesHandler) async throws -> Result
  ) async throws -> Result
}

extension NotesHandlerSource {
  func addRoutes(to router: Router<Context>) {
    router.get("/notes/:id") { request, context in
      let id = try context.parameters.require("id", as: Int.self)
      return try await withHandler(request, context) { try $0.show(id: id) }
    }
    router.get("/notes") { request, context in
      try await withHandler(request, context) { try $0.count() }
    }
    router.post("/notes") { request, context in
      try await withHandler(request, context) { try await $0.create() }
    }
    router.post("/notes/slow") { request, context in
      try await withHandler(request, context) { try await $0.create(after: .milliseconds(300)) }
    }
  }
}
