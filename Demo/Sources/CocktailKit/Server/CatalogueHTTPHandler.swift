import FlyingFox

/// Hands each request under ``CatalogueServer/apiPath`` to the routes.
struct CatalogueHTTPHandler: HTTPHandler {
  let routes: CatalogueRoutes

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == .GET, request.path.hasPrefix(CatalogueServer.apiPath) else {
      return HTTPResponse(statusCode: .notFound)
    }
    let endpoint = String(request.path.dropFirst(CatalogueServer.apiPath.count))
    let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    let answer = routes.respond(to: endpoint, query: query)
    return HTTPResponse(
      statusCode: HTTPStatusCode(answer.status, phrase: answer.status == 200 ? "OK" : "Not Found"),
      headers: [.contentType: "application/json"], body: answer.body)
  }
}
