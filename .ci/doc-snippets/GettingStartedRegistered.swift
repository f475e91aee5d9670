// Getting Started's types, registered as the article's first blocks do.
import Foundation
import Surrogate

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient {}
final class Repository {
  let client: any HTTPClient
  init(client: any HTTPClient) { self.client = client }
}
final class Analytics {}

let container: Container = {
  let container = Container()
  container.register(.singleton, type: (any HTTPClient).self) { URLSessionClient() }
  container.autowire(Repository.init)
  return container
}()
