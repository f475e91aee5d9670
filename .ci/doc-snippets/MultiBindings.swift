// The health checks and route modules of the Multi-bindings article.
import Surrogate

protocol HealthCheck: AnyObject {
  var name: String { get }
}

final class ConnectionPool {}

final class DatabaseCheck: HealthCheck {
  let name = "database"
  let pool: ConnectionPool
  init(pool: ConnectionPool) { self.pool = pool }
}

final class DiskSpaceCheck: HealthCheck {
  let name = "disk"
  let minimumFree: Int
  init(minimumFree: Int) { self.minimumFree = minimumFree }
}

final class CacheCheck: HealthCheck {
  let name = "cache"
  static func connect() async throws -> CacheCheck { CacheCheck() }
}

final class PaymentsCheck: HealthCheck {
  let name = "payments"
}

final class HealthEndpoint {
  let checks: [any HealthCheck]
  init(checks: [any HealthCheck]) { self.checks = checks }
  var names: [String] { checks.map(\.name) }
}

protocol RouteModule {
  var path: String { get }
}

final class OrderRepository {}

struct OrdersRoutes: RouteModule {
  let repository: OrderRepository
  var path: String { "/orders" }
}

struct HealthRoutes: RouteModule {
  var path: String { "/health" }
}
