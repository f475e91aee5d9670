import Surrogate
import SurrogateMacros
import Synchronization

// The Swift 6 screen of issue #18, composed whole: a main-actor view controller, a presenter that
// holds it through WeakRefProxy and takes a runtime argument, a caching proxy in front of a
// remote service whose singleton an `async throws` factory opens, a logger, tags for the
// environments, and a child container per screen.

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

enum Environment: Hashable, Sendable {
  case staging, production
}

/// Counts what the composition made, so a test can tell one instance from two.
final class OrderHistoryLog: Sendable {
  private let lines = Mutex<[String]>([])
  func record(_ line: String) { lines.withLock(owner: self) { $0.append(line) } }
  var recorded: [String] { lines.withLock(owner: self) { $0 } }
  func count(_ line: String) -> Int { recorded.filter { $0 == line }.count }
}

/// The remote proxy: opening it takes `await` (a session, a configuration).
final class RemoteOrderService: OrderRepository {
  let environment: Environment

  private init(environment: Environment) { self.environment = environment }

  static func open(_ environment: Environment, log: OrderHistoryLog) async throws -> RemoteOrderService {
    await Task.yield()
    log.record("open \(environment)")
    return RemoteOrderService(environment: environment)
  }

  func orders(for customerID: String) async throws -> [Order] {
    [Order(id: "\(customerID)-1", total: environment == .staging ? 12 : 30)]
  }
}

/// The caching proxy in front of the remote service.
actor CachingOrderRepository: OrderRepository {
  let upstream: any OrderRepository
  private var cache: [String: [Order]] = [:]
  private(set) var misses = 0

  init(upstream: any OrderRepository) { self.upstream = upstream }

  func orders(for customerID: String) async throws -> [Order] {
    if let cached = cache[customerID] { return cached }
    misses += 1
    let orders = try await upstream.orders(for: customerID)
    cache[customerID] = orders
    return orders
  }
}

@MainActor
final class OrderHistoryViewController: OrderHistoryView {
  let customerID: String
  var presenter: OrderHistoryPresenter?
  var mainActorPresenter: MainActorOrderHistoryPresenter?
  var strongPresenter: StrongOrderHistoryPresenter?
  private(set) var shown: [[Order]] = []

  init(customerID: String) { self.customerID = customerID }

  func show(_ orders: [Order]) { shown.append(orders) }
}

/// The presenter, not isolated to any actor: it talks to its view through the weak proxy.
final class OrderHistoryPresenter: Sendable {
  let view: any OrderHistoryView & Sendable
  let repository: any OrderRepository
  let customerID: String
  let log: OrderHistoryLog

  init(view: any OrderHistoryView & Sendable, repository: any OrderRepository, customerID: String, log: OrderHistoryLog)
  {
    self.view = view
    self.repository = repository
    self.customerID = customerID
    self.log = log
    log.record("presenter")
  }

  func load() async throws {
    let orders = try await repository.orders(for: customerID)
    await view.show(orders)
  }
}

/// The same presenter on the main actor.
@MainActor
final class MainActorOrderHistoryPresenter {
  let view: any OrderHistoryView & Sendable
  let repository: any OrderRepository
  let customerID: String

  init(view: any OrderHistoryView & Sendable, repository: any OrderRepository, customerID: String) {
    self.view = view
    self.repository = repository
    self.customerID = customerID
  }

  func load() async throws {
    view.show(try await repository.orders(for: customerID))
  }
}

enum OrderHistoryComposition {
  /// The application's container: the logger, the remote service per environment, and the
  /// caching repository in front of the chosen one.
  static func app(environment: Environment = .staging, log: OrderHistoryLog = OrderHistoryLog()) -> Container {
    let app = Container()
    app.register(.singleton) { log }
    for tag in [Environment.staging, .production] {
      app.register(.singleton, tag: tag) { r async throws in
        try await RemoteOrderService.open(tag, log: try await r.resolve())
      }
    }
    app.register(.singleton, type: (any OrderRepository).self) { r async throws in
      CachingOrderRepository(upstream: try await r.resolve(RemoteOrderService.self, tag: environment))
    }
    return app
  }

  /// The screen's child container, with a non-isolated presenter whose `async` factory awaits its
  /// view (made on the main actor) and its repository (made by an `async` factory).
  static func screen(in app: Container) -> Container {
    let screen = Container(parent: app)
    screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    .implements((any OrderHistoryView & Sendable).self, through: WeakRefProxy.init)
    .resolvingPropertiesOnMainActor { r, controller async throws in
      controller.presenter = try await r.resolve(arguments: controller.customerID)
    }
    screen.register(.shared) { (r, customerID: String) async throws in
      OrderHistoryPresenter(
        view: try await r.resolve(arguments: customerID), repository: try await r.resolve(), customerID: customerID,
        log: try await r.resolve())
    }
    return screen
  }

  /// The screen with a `@MainActor` presenter made by an `async` factory.
  static func mainActorScreen(in app: Container) -> Container {
    let screen = Container(parent: app)
    screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    .implements((any OrderHistoryView & Sendable).self, through: WeakRefProxy.init)
    .resolvingPropertiesOnMainActor { r, controller async throws in
      controller.mainActorPresenter = try await r.resolve(arguments: controller.customerID)
    }
    screen.register(.shared) { @MainActor (r, customerID: String) async throws in
      MainActorOrderHistoryPresenter(
        view: try await r.resolve(arguments: customerID), repository: try await r.resolve(), customerID: customerID)
    }
    return screen
  }
}

/// The presenter wired strongly to its view: the `--leaky` mistake.
final class StrongOrderHistoryPresenter: Sendable {
  let view: any OrderHistoryView & Sendable
  init(view: any OrderHistoryView & Sendable) { self.view = view }
}

extension OrderHistoryComposition {
  /// The screen with the presenter holding the view strongly, through its forwarded type.
  static func leakyScreen(in app: Container) -> Container {
    let screen = Container(parent: app)
    screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    .implements((any OrderHistoryView & Sendable).self)
    .resolvingPropertiesOnMainActor { r, controller async throws in
      controller.strongPresenter = try await r.resolve(arguments: controller.customerID)
    }
    screen.register(.shared) { (r, customerID: String) in
      StrongOrderHistoryPresenter(view: try r.resolve(arguments: customerID))
    }
    return screen
  }
}
