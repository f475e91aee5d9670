import Hummingbird
import Logging
import NotesServer
import Surrogate
import Testing

/// The example's container checked by `validate()`: complete in a request's scope only.
@Suite struct NotesContainerTests {
  func makeRequest(_ path: String) -> Request {
    Request(
      head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path),
      body: RequestBody(buffer: ByteBuffer()))
  }

  @Test func theAppMissesOnlyTheRequestAndAScopeThatRegistersItIsComplete() async throws {
    let app = NotesServer.makeContainer(
      NotesServerConfiguration(), events: EventLog(), logger: Logger(label: "notes-container-tests"))

    // Outside a scope: the request is what only the middleware's scope provides.
    let outside = await app.validate()
    #expect(outside.problems.map(\.code) == [.definitionNotFound])
    #expect(outside.problems.first?.description.contains("Request") == true, "\(outside)")

    // In a scope that registers it, as RequestScopeMiddleware does, nothing is missing; and what
    // validation made (a unit of work, which leased a connection) was disposed.
    let inside = try await app.withScope { scope in
      let request = makeRequest("/notes/1")
      scope.register { request }
      return await scope.validate()
    }
    #expect(inside.problems.isEmpty, "\(inside)")
    let pool = try await app.resolve(ConnectionPool.self)
    #expect(pool.leasedCount == 0)
    try await app.shutdown()
  }
}
