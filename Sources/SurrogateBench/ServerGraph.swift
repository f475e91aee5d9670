// A server's request graph (issue #34, "measure on real graphs"), built by both benchmark suites:
// `surrogate-bench` (this target) and the Benchmarks package, whose target holds a symbolic link to
// this file. Eleven nodes: three app-wide singletons (a configuration, a connection pool that is
// an actor, a clock) and eight made for each request (its `RequestInfo`, a database session, a
// unit of work, a repository and the decorator in front of it, an audit log, a service and the
// handler), shared within the request. Registered with closures, `autowire` and `decorate`, and
// wired by hand with the same classes.
import Surrogate

// MARK: - App-wide singletons

final class ServerConfig: Sendable {
  let maximumConnections: Int
  let databaseURL: String
  init(maximumConnections: Int, databaseURL: String) {
    self.maximumConnections = maximumConnections
    self.databaseURL = databaseURL
  }
}

/// The app's connections: mutable state every request shares, so an actor.
actor ConnectionPool {
  let config: ServerConfig
  private var leased = 0
  init(config: ServerConfig) { self.config = config }
  func lease() -> Int {
    leased += 1
    return leased
  }
}

protocol TimeSource: Sendable {
  var now: ContinuousClock.Instant { get }
}
final class SystemClock: TimeSource {
  var now: ContinuousClock.Instant { ContinuousClock.now }
}

// MARK: - Made for each request, shared within it

/// What the request says about itself: a value, different for every request.
struct RequestInfo: Sendable {
  let id: Int
  let path: String
  let user: String

  static var sample: RequestInfo { RequestInfo(id: 42, path: "/orders/42", user: "ada") }
}

final class DatabaseSession {
  let pool: ConnectionPool
  init(pool: ConnectionPool) { self.pool = pool }
}

final class UnitOfWork {
  let session: DatabaseSession
  let clock: any TimeSource
  init(session: DatabaseSession, clock: any TimeSource) {
    self.session = session
    self.clock = clock
  }
}

protocol OrderRepository: AnyObject {
  func order(id: Int) -> String?
}

final class SQLOrderRepository: OrderRepository {
  let session: DatabaseSession
  init(session: DatabaseSession) { self.session = session }
  func order(id: Int) -> String? { nil }
}

/// The decorator: `container.decorate` puts it in front of the repository.
final class CachingOrderRepository: OrderRepository {
  let inner: any OrderRepository
  init(inner: any OrderRepository) { self.inner = inner }
  func order(id: Int) -> String? { inner.order(id: id) }
}

final class AuditLog {
  let info: RequestInfo
  let clock: any TimeSource
  init(info: RequestInfo, clock: any TimeSource) {
    self.info = info
    self.clock = clock
  }
}

final class OrderService {
  let repository: any OrderRepository
  let unitOfWork: UnitOfWork
  init(repository: any OrderRepository, unitOfWork: UnitOfWork) {
    self.repository = repository
    self.unitOfWork = unitOfWork
  }
}

final class OrderHandler {
  let info: RequestInfo
  let service: OrderService
  let audit: AuditLog
  init(info: RequestInfo, service: OrderService, audit: AuditLog) {
    self.info = info
    self.service = service
    self.audit = audit
  }
}

// MARK: - Wired by the container

/// Where a request's `RequestInfo` comes from.
enum RequestInfoSource {
  /// A factory in the app container: one `resolve` per request and nothing else (`server-flat`).
  /// It cannot tell requests apart: the floor of the other two.
  case appFactory
  /// A child container made for the request, which registers it (`server-child`).
  case childContainer
  /// A runtime argument of the handler, which hands it to the audit log (`server-args`).
  case argument
  /// A `withScope` scope per request, which registers it; the database session is `.scoped`, with
  /// a synchronous disposal (`server-scoped`).
  case scope
}

/// The app container of the server graph, with `RequestInfo` coming from `source`.
func makeServerContainer(_ source: RequestInfoSource) -> Surrogate.Container {
  let app = Surrogate.Container()
  app.register(.singleton) { ServerConfig(maximumConnections: 8, databaseURL: "postgres://db/orders") }
  app.autowire(.singleton, ConnectionPool.init)
  app.register(.singleton, type: (any TimeSource).self) { SystemClock() }
  if source == .scope {
    app.autowire(.scoped, DatabaseSession.init).disposing { session in withExtendedLifetime(session) {} }
  } else {
    app.autowire(.shared, DatabaseSession.init)
  }
  app.autowire(.shared, UnitOfWork.init)
  app.register(.shared, type: (any OrderRepository).self) { r in SQLOrderRepository(session: try r.resolve()) }
  app.decorate((any OrderRepository).self) { _, inner in CachingOrderRepository(inner: inner) }
  app.autowire(.shared, OrderService.init)
  if source == .appFactory { app.register(.shared) { RequestInfo.sample } }
  if source == .argument {
    app.register(.shared) { (r, info: RequestInfo) in AuditLog(info: info, clock: try r.resolve()) }
    app.register(.shared) { (r, info: RequestInfo) in
      OrderHandler(info: info, service: try r.resolve(), audit: try r.resolve(arguments: info))
    }
  } else {
    app.register(.shared) { r in AuditLog(info: try r.resolve(), clock: try r.resolve()) }
    app.register(.shared) { r in
      OrderHandler(info: try r.resolve(), service: try r.resolve(), audit: try r.resolve())
    }
  }
  return app
}

/// `server-child`: a child container for the request registers its info, then resolves the
/// handler; the rest of the graph comes from `app`, made with `.childContainer`.
func resolveOrderHandler(in app: Surrogate.Container, for info: RequestInfo) throws(ResolutionError) -> OrderHandler {
  let request = Surrogate.Container(parent: app)
  request.register { info }
  return try request.resolve(OrderHandler.self)
}

/// `server-scope` and `server-scoped`: a `withScope` scope for the request registers its info,
/// then resolves the handler; the scope ends (and disposes what it made) before this returns.
func resolveOrderHandler(inScopeOf app: Surrogate.Container, for info: RequestInfo) throws -> OrderHandler {
  try app.withScope { scope in
    scope.register { info }
    return try scope.resolve(OrderHandler.self)
  }
}

/// Whether `handler`'s graph is the one the hand-written code builds: decorated, with one session
/// and one `RequestInfo` shared within the request. The benchmarks check it before measuring.
func isWiredAsByHand(_ handler: OrderHandler, info: RequestInfo) -> Bool {
  guard let cached = handler.service.repository as? CachingOrderRepository,
    let repository = cached.inner as? SQLOrderRepository
  else { return false }
  return repository.session === handler.service.unitOfWork.session && handler.info.id == info.id
    && handler.audit.info.id == info.id && handler.audit.clock is SystemClock
}

// MARK: - Wired by hand

/// The app-wide singletons, made once by hand.
struct ServerSingletons: Sendable {
  let config: ServerConfig
  let pool: ConnectionPool
  let clock: any TimeSource

  init() {
    config = ServerConfig(maximumConnections: 8, databaseURL: "postgres://db/orders")
    pool = ConnectionPool(config: config)
    clock = SystemClock()
  }
}

/// One request's graph by hand: the same objects the container makes.
func handWiredOrderHandler(info: RequestInfo, app: ServerSingletons) -> OrderHandler {
  let session = DatabaseSession(pool: app.pool)
  let repository = CachingOrderRepository(inner: SQLOrderRepository(session: session))
  let service = OrderService(repository: repository, unitOfWork: UnitOfWork(session: session, clock: app.clock))
  return OrderHandler(info: info, service: service, audit: AuditLog(info: info, clock: app.clock))
}

// MARK: - Ending a scope

/// A part of a unit of work that a scope makes once (`scope-end`).
final class ScopedPart: Sendable {
  let index: Int
  init(index: Int) { self.index = index }
}

/// `scope-end-disposals` and `scope-end-plain`: an app whose scope makes three `.scoped` parts,
/// each with a synchronous disposal that does nothing (`disposing`) or with none. The difference
/// between the two is what ending a scope with three disposals costs beyond the disposals
/// themselves (issue #36's target: at most 1 µs).
func makeScopeEndContainer(disposing: Bool) -> Surrogate.Container {
  let app = Surrogate.Container()
  for (index, tag) in ["a", "b", "c"].enumerated() {
    let definition = app.register(.scoped, tag: tag) { ScopedPart(index: index) }
    if disposing { definition.disposing { part in withExtendedLifetime(part) {} } }
  }
  return app
}

/// One scope of `app` (from ``makeScopeEndContainer(disposing:)``): makes its three parts, then
/// ends, disposing them if they have a disposal.
func endScopeWithThreeParts(of app: Surrogate.Container) throws -> Int {
  try app.withScope { scope in
    try scope.resolve(ScopedPart.self, tag: "a").index + scope.resolve(ScopedPart.self, tag: "b").index
      + scope.resolve(ScopedPart.self, tag: "c").index
  }
}
