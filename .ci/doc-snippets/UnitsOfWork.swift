// The request graph of the Units of Work article: a pool the app keeps, a session per request.
import Surrogate

struct Request: Sendable {
  let path: String
}

final class ConnectionPool: Sendable {
  func close() async { print("pool closed") }
}

final class DatabaseSession: Sendable {
  let pool: ConnectionPool
  let request: Request
  init(pool: ConnectionPool, request: Request) {
    self.pool = pool
    self.request = request
  }
  func close() { print("session for \(request.path) closed") }
}

final class OrderHandler: Sendable {
  let session: DatabaseSession
  init(session: DatabaseSession) { self.session = session }
  func handle() -> String { "order \(session.request.path.split(separator: "/").last ?? "?")" }
}

final class AuditLog: Disposable, Sendable {
  func dispose() async throws { print("audit log flushed") }
}

struct ClosedTwice: Error {}
