import Surrogate
import Testing

/// The order-history screen resolved whole, view-first and presenter-first, from a non-isolated
/// task and from main-actor code.
struct OrderHistoryScreenTests {
  @Test func viewFirstFromANonIsolatedTaskComposesTheWholeScreen() async throws {
    let log = OrderHistoryLog()
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app(log: log))
    let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    let presenter = try #require(await controller.presenter)
    #expect(presenter.customerID == "c42")
    try await presenter.load()
    #expect(await controller.shown == [[Order(id: "c42-1", total: 12)]])
    #expect(log.count("presenter") == 1)
    #expect(log.count("open staging") == 1)
  }

  @MainActor
  @Test func viewFirstFromMainActorCodeComposesTheWholeScreen() async throws {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app(environment: .production))
    let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    let presenter = try #require(controller.presenter)
    try await presenter.load()
    #expect(controller.shown == [[Order(id: "c42-1", total: 30)]])
  }

  @Test func presenterFirstFromANonIsolatedTaskBuildsTheViewOnTheMainActor() async throws {
    let log = OrderHistoryLog()
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app(log: log))
    let presenter = try await screen.resolve(OrderHistoryPresenter.self, arguments: "c42")
    #expect(presenter.customerID == "c42")
    #expect(log.count("presenter") == 1)
    // Nothing but the weak proxy held the view: it is gone once `resolve` returns (the warning
    // `validate()` gives, see OrderHistoryValidationTests). The view is the entry point.
    let proxy = try #require(presenter.view as? WeakRefProxy<OrderHistoryViewController>)
    #expect(proxy.object == nil)
  }

  @MainActor
  @Test func presenterFirstFromMainActorCodeWiresBothWays() async throws {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    var kept: OrderHistoryViewController?
    let presenter = try await screen.resolve(OrderHistoryPresenter.self, arguments: "c7")
    let proxy = try #require(presenter.view as? WeakRefProxy<OrderHistoryViewController>)
    kept = proxy.object
    #expect(kept == nil)
  }

  @Test func aMainActorPresenterMadeByAnAsyncFactoryComposesViewFirst() async throws {
    let screen = OrderHistoryComposition.mainActorScreen(in: OrderHistoryComposition.app())
    let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    let presenter = try #require(await controller.mainActorPresenter)
    try await presenter.load()
    #expect(await controller.shown == [[Order(id: "c42-1", total: 12)]])
  }

  @MainActor
  @Test func aMainActorPresenterMadeByAnAsyncFactoryComposesFromMainActorCode() async throws {
    let screen = OrderHistoryComposition.mainActorScreen(in: OrderHistoryComposition.app())
    let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    #expect(controller.mainActorPresenter?.customerID == "c42")
    let presenter = try await screen.resolve(MainActorOrderHistoryPresenter.self, arguments: "c9")
    #expect(presenter.customerID == "c9")
  }

  @Test func eachScreenIsItsOwnGraphAndTheServiceIsOpenedOnce() async throws {
    let log = OrderHistoryLog()
    let app = OrderHistoryComposition.app(log: log)
    let controllers = try await withThrowingTaskGroup(of: OrderHistoryViewController.self) { group in
      for index in 0..<16 {
        group.addTask { try await OrderHistoryComposition.screen(in: app).resolve(arguments: "c\(index)") }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(controllers.count == 16)
    #expect(log.count("open staging") == 1)
    #expect(log.count("open production") == 0)
    #expect(log.count("presenter") == 16)
    for controller in controllers {
      let presenter = try #require(await controller.presenter)
      let customerID = controller.customerID
      #expect(presenter.customerID == customerID)
    }
  }

  /// Concurrency.md, "Your code runs once": the presenter's factory written synchronously.
  @Test func aSynchronousPresenterFactoryThatMeetsTheAsyncRepositoryIsAnErrorNamingIt() async throws {
    let screen = Container(parent: OrderHistoryComposition.app())
    screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    .implements((any OrderHistoryView & Sendable).self, through: WeakRefProxy.init)
    .resolvingPropertiesOnMainActor { r, controller async throws in
      controller.presenter = try await r.resolve(arguments: controller.customerID)
    }
    screen.register(.shared) { (r, customerID: String) in
      OrderHistoryPresenter(
        view: try r.resolve(arguments: customerID), repository: try r.resolve(), customerID: customerID,
        log: try r.resolve())
    }
    let error = await #expect(throws: ResolutionError.self) {
      try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    }
    #expect(error?.code == .requiresAwait)
    #expect(
      error?.message
        == "OrderRepository is made by an async factory, but the synchronous factory of OrderHistoryPresenter "
        + "(arguments: String) asks for it, and synchronous code cannot await: it runs once.")
    let report = await screen.validate(arguments: "c42")
    let message = try #require(error?.message)
    #expect(report.problems.contains { $0.message.hasPrefix(message) }, "\(report)")
  }

  @Test func synchronousResolutionOffTheMainActorIsAnErrorWithATrueFix() {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let error = #expect(throws: ResolutionError.self) {
      try screen.resolve(OrderHistoryPresenter.self, arguments: "c42")
    }
    // The presenter's factory is async: that it needs `await` is what a synchronous caller must fix.
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "OrderHistoryPresenter (arguments: String)")
    #expect(error?.remedy.contains("try await container.resolve(...)") == true)
  }

  @MainActor
  @Test func synchronousResolutionOnTheMainActorNamesTheAsyncBlock() {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let error = #expect(throws: ResolutionError.self) {
      try screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    }
    #expect(error?.code == .requiresAwait)
    #expect(
      error?.message
        == "OrderHistoryViewController (arguments: String) has an async `resolvingProperties` block and cannot be "
        + "resolved synchronously.")
  }

  /// Many tasks compose screens at once, view-first and presenter-first in a seeded order, from
  /// one app container: every screen is wired to its own customer and the service opens once.
  @Test func concurrentScreensInASeededOrderAreEachWiredToTheirOwnCustomer() async throws {
    var generator = SplitMix(seed: 0x5EED_0018)
    let log = OrderHistoryLog()
    let app = OrderHistoryComposition.app(log: log)
    let plan = (0..<64).map { index in (index, generator.next() % 3) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, kind) in plan {
        let customerID = "c\(index)"
        group.addTask {
          switch kind {
          case 0:
            let controller = try await OrderHistoryComposition.screen(in: app).resolve(
              OrderHistoryViewController.self, arguments: customerID)
            let presenter = try #require(await controller.presenter)
            #expect(presenter.customerID == customerID)
          case 1:
            let presenter = try await OrderHistoryComposition.screen(in: app).resolve(
              OrderHistoryPresenter.self, arguments: customerID)
            #expect(presenter.customerID == customerID)
          default:
            let controller = try await OrderHistoryComposition.mainActorScreen(in: app).resolve(
              OrderHistoryViewController.self, arguments: customerID)
            #expect(await controller.mainActorPresenter?.customerID == customerID)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(log.count("open staging") == 1)
    #expect(log.count("presenter") == plan.filter { $0.1 != 2 }.count)
  }
}

/// A small seeded generator (SplitMix64), so a stress run's order can be replayed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
