// The tagged configuration and its consumers of the Scopes article's "Reuse is by definition and tag", and the
// order history of "How far a request's tag reaches".
import Surrogate

final class TaggedConfig {
  let name: String
  init(name: String) { self.name = name }
}

final class ConfigConsumer {
  let config: TaggedConfig
  init(config: TaggedConfig) { self.config = config }
}

final class ConsumerPair {
  let first: ConfigConsumer
  let second: ConfigConsumer
  init(first: ConfigConsumer, second: ConfigConsumer) {
    self.first = first
    self.second = second
  }
}

enum Deployment: Hashable, Sendable { case production, staging }

final class RemoteService: Sendable {
  let url: String
  init(url: String) { self.url = url }
}

let productionURL = "https://api.example.com"
let stagingURL = "https://staging.example.com"

final class OrderHistory {
  let service: RemoteService
  init(service: RemoteService) { self.service = service }
}
