// The order screen of the AutoInjection article.
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
