import FlyingFox
import Foundation

/// A FlyingFox server on 127.0.0.1, on a port the system picks, answering every request with
/// `handler`: the remote proxy's tests talk to it over real HTTP.
final class TestServer: Sendable {
  let baseURL: URL
  private let server: HTTPServer
  private let running: Task<Void, any Error>

  private init(baseURL: URL, server: HTTPServer, running: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.server = server
    self.running = running
  }

  static func start(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws
    -> TestServer
  {
    let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
    await server.appendRoute("*", handler: handler)
    let running = Task { try await server.run() }
    try await server.waitUntilListening(timeout: 30)
    guard case .ip4(_, let port) = await server.listeningAddress else { throw CancellationError() }
    return TestServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")!, server: server, running: running)
  }

  /// Runs `body` against a server answering with `handler`, and stops the server afterwards.
  static func with<Result>(
    _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
    _ body: (TestServer) async throws -> Result
  ) async throws -> Result {
    let server = try await start(handler)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  func stop() async {
    await server.stop(timeout: 0)
    running.cancel()
    _ = await running.result
  }
}

extension HTTPResponse {
  /// A 200 with a JSON body.
  static func json(_ text: String) -> HTTPResponse {
    HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(text.utf8))
  }
}
