import FlyingFox
import Foundation

/// An HTTP server on the loopback interface that speaks TheCocktailDB's API over a local
/// catalogue, so the demo runs offline through the same remote-proxy code path as the real API.
///
/// It listens on `127.0.0.1` on a port the system picks, under the real API's path
/// (`/api/json/v1/1/`).
///
/// ```swift
/// let server = try await CatalogueServer.start(serving: try BundledCatalogue().cocktails())
/// let service = try RemoteCocktailService(baseURL: server.baseURL)
/// // ...
/// await server.stop()
/// ```
public final class CatalogueServer: Sendable {
  /// The API path the server answers under, as TheCocktailDB's free tier spells it.
  public static let apiPath = "/api/json/v1/1/"

  /// Where to point a ``RemoteCocktailService``: `http://127.0.0.1:<port>/api/json/v1/1/`.
  public let baseURL: URL
  private let server: HTTPServer
  private let running: Task<Void, any Error>

  private init(baseURL: URL, server: HTTPServer, running: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.server = server
    self.running = running
  }

  /// Starts serving `cocktails` and returns once the server accepts connections.
  ///
  /// ```swift
  /// let server = try await CatalogueServer.start(serving: cocktails)
  /// ```
  ///
  /// - Parameter cocktails: The catalogue.
  /// - Returns: The running server.
  /// - Throws: When no loopback socket can be opened.
  public static func start(serving cocktails: [Cocktail]) async throws -> CatalogueServer {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 15, logger: .disabled,
      handler: CatalogueHTTPHandler(routes: CatalogueRoutes(cocktails: cocktails)))
    let running = Task { try await server.run() }
    do {
      // Instant on an idle machine; generous for a loaded one (a test suite under ThreadSanitizer).
      try await server.waitUntilListening(timeout: 30)
    } catch {
      running.cancel()
      throw error
    }
    guard case .ip4(_, let port) = await server.listeningAddress else {
      await server.stop()
      running.cancel()
      throw CocktailServiceError(
        .unreachable, message: "the loopback server has no IPv4 address", remedy: "pass a base URL instead")
    }
    return CatalogueServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)\(apiPath)")!, server: server, running: running)
  }

  /// Stops listening and closes every connection.
  ///
  /// ```swift
  /// await server.stop()
  /// ```
  public func stop() async {
    await server.stop(timeout: 0)
    running.cancel()
    _ = await running.result
  }
}
