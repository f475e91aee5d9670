// The index and the connections the Concurrency article makes asynchronously.
import Surrogate

final class SearchIndex: Sendable {
  static func load() async throws -> SearchIndex { SearchIndex() }
  func search(_ text: String) -> [String] { [text] }
}
final class Connection: Sendable {
  static func open() async throws -> Connection { Connection() }
}
