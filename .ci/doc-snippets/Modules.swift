// A three-feature app of the Modules article.
import Surrogate

protocol HTTPClient: Sendable {}
final class URLSessionClient: HTTPClient {}
final class StubClient: HTTPClient {}
final class OrderRepository {
  let client: any HTTPClient
  init(client: any HTTPClient) { self.client = client }
}
final class OrdersPresenter {
  let repository: OrderRepository
  init(repository: OrderRepository) { self.repository = repository }
}
