import Surrogate
import Testing

@MainActor
final class MainViewController {
  var presenter: MainPresenter?
  var title = ""
  init() {}
}

/// Non-isolated and Sendable: built off the main actor as well.
final class MainPresenter: Sendable {
  let service: Service2
  init(service: Service2) { self.service = service }
}

final class Service2: Sendable {}

struct MainActorTests {
  func container() -> Container {
    let container = Container()
    container.register(.singleton) { Service2() }
    container.autowire(MainPresenter.init)
    container.register(.shared) { @MainActor _ in MainViewController() }
      .resolvingPropertiesOnMainActor { r, controller in
        controller.presenter = try r.resolve()
        controller.title = "List"
      }
    return container
  }

  @MainActor
  @Test func mainActorDefinitionResolvesFromMainActorCode() throws {
    let controller = try container().resolve(MainViewController.self)
    #expect(controller.title == "List")
    #expect(controller.presenter != nil)
  }

  @Test func nonIsolatedSynchronousResolutionIsAClearErrorNotATrap() {
    let container = container()
    let error = #expect(throws: ResolutionError.self) { try container.resolve(MainViewController.self) }
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.message
        == "MainViewController is registered for the main actor, but this synchronous resolution is not on the main actor.")
    #expect(error?.remedy.contains("try await container.resolve") == true)
  }

  @Test func awaitingAMainActorDefinitionFromAnywhereBuildsItOnTheMainActor() async throws {
    let controller = try await container().resolve(MainViewController.self)
    let title = await controller.title
    #expect(title == "List")
  }

  @Test func nonIsolatedDefinitionsStillResolveOffTheMainActor() throws {
    let presenter = try container().resolve(MainPresenter.self)
    _ = presenter.service
  }
}
