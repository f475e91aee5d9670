// The live client the Concurrency article's test override replaces.
import Surrogate

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient {}
struct StubClient: HTTPClient {
  let name: String
}

let container: Container = {
  let container = Container()
  container.register(.singleton, type: (any HTTPClient).self) { URLSessionClient() }
  return container
}()
