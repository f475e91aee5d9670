import SurrogateMacros
import Testing

// The concurrency seed: a @MainActor view controller, a non-isolated presenter, the view handed
// to the presenter through WeakRefProxy. No nonisolated(unsafe), no MainActor.assumeIsolated.

@Proxyable
@MainActor
protocol OrderView: AnyObject {
  func show(_ items: [String])
}

extension WeakRefProxy: OrderView where T: OrderView {}

@MainActor
final class OrderViewController: OrderView {
  var presenter: OrderPresenter?
  private(set) var shown: [[String]] = []
  func show(_ items: [String]) { shown.append(items) }
}

/// Not isolated to any actor; Sendable because the proxy of a main-actor view is.
final class OrderPresenter: Sendable {
  let view: any OrderView & Sendable
  init(view: any OrderView & Sendable) { self.view = view }

  func load() async {
    let items = ["Mojito", "Daiquiri"]  // e.g. fetched off the main actor
    await view.show(items)
  }
}

struct MainActorSeedCompositionTests {
  func container() -> Container {
    let container = Container()
    container.register(.shared) { @MainActor _ in OrderViewController() }
      .implements((any OrderView & Sendable).self, through: WeakRefProxy.init)
      .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve() }
    container.autowire(OrderPresenter.init)
    return container
  }

  @MainActor
  @Test func mainActorControllerAndNonIsolatedPresenterWorkTogether() async throws {
    let controller = try await container().resolve(OrderViewController.self)
    let presenter = try #require(controller.presenter)
    await presenter.load()
    #expect(controller.shown == [["Mojito", "Daiquiri"]])
  }

  @MainActor
  @Test func droppingTheControllerReleasesBoth() throws {
    let container = container()
    weak var controller: OrderViewController?
    weak var presenter: OrderPresenter?
    try {
      let resolved = try container.resolve(OrderViewController.self)
      controller = resolved
      presenter = resolved.presenter
    }()
    #expect(controller == nil)
    #expect(presenter == nil)
  }

  @Test func fromAnywhereItIsAnAwait() async throws {
    let controller = try await container().resolve(OrderViewController.self)
    let presenter = await controller.presenter
    await presenter?.load()
    #expect(await controller.shown.count == 1)
  }

  @Test func awaitedValidationReportsNoProblemAndSkipsNothing() async {
    let report = await container().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
  }

  @Test func synchronousValidationOffTheMainActorSkipsTheMainActorDefinitionsAsSuch() {
    let report = container().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.contains { $0.reason.hasPrefix("It needs the main actor") }, "\(report)")
  }
}
