import Surrogate

/// A health check: what an app collects from every feature into one list.
protocol HealthCheck: AnyObject {
  var name: String { get }
}

/// A dependency members share: `.shared` in the tests, one per graph.
final class CheckPool {}

final class DatabaseCheck: HealthCheck {
  let name = "database"
  let pool: CheckPool
  init(pool: CheckPool) { self.pool = pool }
}

final class DiskCheck: HealthCheck {
  let name = "disk"
}

final class NamedCheck: HealthCheck {
  let name: String
  init(_ name: String) { self.name = name }
}

/// Not a health check: contributed by mistake.
final class NotACheck {}

/// Consumes the whole list, and the pool, in one graph.
final class HealthEndpoint {
  let checks: [any HealthCheck]
  let pool: CheckPool
  init(checks: [any HealthCheck], pool: CheckPool) {
    self.checks = checks
    self.pool = pool
  }
}

/// A feature's routes: what an app collects into a map by path.
protocol RouteModule {
  var path: String { get }
}

struct NamedRoutes: RouteModule {
  let path: String
}

struct CheckFailed: Error {}

/// One feature's health checks, applied as an assembly.
struct StorageChecksAssembly: Surrogate.Assembly {
  func assemble(into container: Container) {
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    container.register(into: [any HealthCheck].self) { DiskCheck() }
  }
}

/// Another feature's.
struct NetworkChecksAssembly: Surrogate.Assembly {
  func assemble(into container: Container) {
    container.register(into: [any HealthCheck].self) { NamedCheck("network") }
  }
}

extension Array where Element == any HealthCheck {
  var names: [String] { map(\.name) }
}
