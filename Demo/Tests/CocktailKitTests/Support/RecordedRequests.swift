/// Requests a test server saw, from whatever task handled them.
final class RecordedRequests: Sendable {
  private let storage = RecordingTerminal()
  func append(_ line: String) { storage.write(line) }
  var all: [String] { storage.output }
}
