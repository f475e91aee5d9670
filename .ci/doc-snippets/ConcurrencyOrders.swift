// The Concurrency article's main-actor order screen.
import Surrogate

@MainActor final class OrderViewController: OrderView {
  var presenter: OrderPresenter?
  func show(_ items: [String]) {}
}
