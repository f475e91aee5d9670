// The order screen of the AutoInjection article, with the presenter and controller its first block shows.
import Surrogate

protocol OrderRepository: AnyObject {
  var orders: [String] { get }
}

final class InMemoryOrderRepository: OrderRepository {
  let orders: [String]
  init(orders: [String] = []) { self.orders = orders }
}

protocol OrderView: AnyObject {}

struct Logger {
  let label: String
}

final class Analytics {}

final class PaymentService {
  let logger: Logger
  init(logger: Logger) { self.logger = logger }
}

final class OrderPresenter {
  @Injected var repository: any OrderRepository
  @Injected(tag: "audit") var logger: Logger
  @Injected var analytics: Analytics?
  @InjectedWeak var view: (any OrderView)?
}

final class OrderViewController: OrderView {
  @Injected var presenter: OrderPresenter
}
