// Getting Started's repository, registered without the client it needs.
import Surrogate

protocol HTTPClient: Sendable {}
final class Repository {
  let client: any HTTPClient
  init(client: any HTTPClient) { self.client = client }
}

let container: Container = {
  let container = Container()
  container.register { r in Repository(client: try r.resolve()) }
  return container
}()
