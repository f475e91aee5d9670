// The Concurrency article's order-history screen: the types its composition talks about.
import Surrogate
import SurrogateMacros

struct Order: Sendable, Equatable {
  let id: String
  let total: Int
}

@Proxyable
@MainActor
protocol OrderHistoryView: AnyObject {
  func show(_ orders: [Order])
}

extension WeakRefProxy: OrderHistoryView where T: OrderHistoryView {}

protocol OrderRepository: Sendable {
  func orders(for customerID: String) async throws -> [Order]
}

enum Deployment: Hashable, Sendable { case staging, production }

final class Logger: Sendable {
  func log(_ line: String) {}
}

/// The remote proxy; opening it takes `await`.
final class RemoteOrderService: OrderRepository {
  let environment: Deployment
  private init(environment: Deployment) { self.environment = environment }
  static func open(_ environment: Deployment) async throws -> RemoteOrderService {
    RemoteOrderService(environment: environment)
  }
  func orders(for customerID: String) async throws -> [Order] { [Order(id: "\(customerID)-1", total: 12)] }
}

/// The caching proxy in front of it.
actor CachingOrderRepository: OrderRepository {
  let upstream: any OrderRepository
  private var cache: [String: [Order]] = [:]
  init(upstream: any OrderRepository) { self.upstream = upstream }
  func orders(for customerID: String) async throws -> [Order] {
    if let cached = cache[customerID] { return cached }
    let orders = try await upstream.orders(for: customerID)
    cache[customerID] = orders
    return orders
  }
}

@MainActor
final class OrderHistoryViewController: OrderHistoryView {
  let customerID: String
  var presenter: OrderHistoryPresenter?
  private(set) var shown: [[Order]] = []
  init(customerID: String) { self.customerID = customerID }
  func show(_ orders: [Order]) { shown.append(orders) }
}

final class OrderHistoryPresenter: Sendable {
  let view: any OrderHistoryView & Sendable
  let repository: any OrderRepository
  let customerID: String
  let logger: Logger
  init(view: any OrderHistoryView & Sendable, repository: any OrderRepository, customerID: String, logger: Logger) {
    self.view = view
    self.repository = repository
    self.customerID = customerID
    self.logger = logger
  }
  func load() async throws {
    let orders = try await repository.orders(for: customerID)
    await view.show(orders)
  }
}

/// The composition below, for the test block.
func makeOrderHistoryScreen() -> Container {
  let app = Container()
  app.register(.singleton) { Logger() }
  for environment in [Deployment.staging, .production] {
    app.register(.singleton, tag: environment) { _ async throws in try await RemoteOrderService.open(environment) }
  }
  app.register(.singleton, type: (any OrderRepository).self) { r async throws in
    CachingOrderRepository(upstream: try await r.resolve(RemoteOrderService.self, tag: Deployment.staging))
  }
  let screen = Container(parent: app)
  screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID) }
    .implements((any OrderHistoryView & Sendable).self, through: WeakRefProxy.init)
    .resolvingPropertiesOnMainActor { r, controller async throws in
      controller.presenter = try await r.resolve(arguments: controller.customerID)
    }
  screen.register(.shared) { (r, customerID: String) async throws in
    OrderHistoryPresenter(
      view: try await r.resolve(arguments: customerID), repository: try await r.resolve(), customerID: customerID,
      logger: try await r.resolve())
  }
  return screen
}
