// The signed-in user's objects of the logout example (Scopes article).
import Surrogate

final class HTTPClient: Sendable {}
final class UserProfileStore: Sendable {
  let client: HTTPClient
  init(client: HTTPClient) { self.client = client }
}
final class CartStore: Sendable {}
