// The database the Concurrency article opens asynchronously.
import Surrogate

struct Database: Sendable {
  static func open(_ name: String) async throws -> Database { Database() }
}
struct Repo {
  let database: Database
}
