import Surrogate

/// A health check: what an app collects from every feature into one list.
package protocol HealthCheck: AnyObject {
  var name: String { get }
}

/// A dependency members share: `.shared` in the tests, one per graph.
package final class CheckPool { package init() {} }

package final class DatabaseCheck: HealthCheck {
  package let name = "database"
  package let pool: CheckPool
  package init(pool: CheckPool) { self.pool = pool }
}

package final class DiskCheck: HealthCheck {
  package let name = "disk"
  package init() {}
}

package final class NamedCheck: HealthCheck {
  package let name: String
  package init(_ name: String) { self.name = name }
}

/// Not a health check: contributed by mistake.
package final class NotACheck { package init() {} }

/// Consumes the whole list, and the pool, in one graph.
package final class HealthEndpoint {
  package let checks: [any HealthCheck]
  package let pool: CheckPool
  package init(checks: [any HealthCheck], pool: CheckPool) {
    self.checks = checks
    self.pool = pool
  }
}

/// A feature's routes: what an app collects into a map by path.
package protocol RouteModule {
  var path: String { get }
}

package struct NamedRoutes: RouteModule {
  package let path: String
  package init(path: String) { self.path = path }
}

package struct CheckFailed: Error { package init() {} }

/// One feature's health checks, applied as an assembly.
package struct StorageChecksAssembly: Surrogate.Assembly {
  package init() {}
  package func assemble(into container: Container) {
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    container.register(into: [any HealthCheck].self) { DiskCheck() }
  }
}

/// Another feature's.
package struct NetworkChecksAssembly: Surrogate.Assembly {
  package init() {}
  package func assemble(into container: Container) {
    container.register(into: [any HealthCheck].self) { NamedCheck("network") }
  }
}

extension Array where Element == any HealthCheck {
  package var names: [String] { map(\.name) }
}
