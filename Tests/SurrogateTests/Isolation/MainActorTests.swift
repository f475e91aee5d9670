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
        == "MainViewController is registered for the main actor, but this synchronous resolution is not on the main actor."
    )
    #expect(error?.remedy.contains("try await container.resolve") == true)
  }

  @Test func awaitingAMainActorDefinitionFromAnywhereBuildsItOnTheMainActor() async throws {
    let controller = try await container().resolve(MainViewController.self)
    let title = await controller.title
    #expect(title == "List")
  }

  @Test func awaitedValidationChecksTheMainActorDefinitions() async {
    let report = await container().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
    #expect(report.checked.count == 3)
  }

  @MainActor
  @Test func synchronousValidationOnTheMainActorChecksThemToo() {
    let report = container().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
  }

  @MainActor
  @Test func synchronousBootstrapOnTheMainActorMakesAMainActorEagerSingleton() throws {
    let container = Container()
    container.register(.eagerSingleton) { @MainActor _ in MainViewController() }
    try container.bootstrap()
    #expect(container.rejectedChanges.isEmpty)
    let first = try container.resolve(MainViewController.self)
    #expect(try container.resolve(MainViewController.self) === first)
  }

  @Test func synchronousBootstrapOffTheMainActorSaysAMainActorEagerSingletonNeedsIt() {
    let container = Container()
    container.register(.eagerSingleton) { @MainActor _ in MainViewController() }
    let error = #expect(throws: ResolutionError.self) { try container.bootstrap() }
    #expect(error?.code == .requiresMainActor)
  }

  @MainActor
  @Test func aMainActorCyclesRemedyNamesTheMainActorBlock() {
    final class Left { init(right: Right) {} }
    final class Right { init(left: Left) {} }
    let container = Container()
    container.register(.shared) { @MainActor r in Left(right: try r.resolve()) }
    container.register(.shared) { @MainActor r in Right(left: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Left.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.remedy.contains("`.resolvingPropertiesOnMainActor` for a main-actor instance") == true)
  }

  @Test func nonIsolatedDefinitionsStillResolveOffTheMainActor() throws {
    let presenter = try container().resolve(MainPresenter.self)
    _ = presenter.service
  }
}

@MainActor
final class Toolbar {
  let title: String
  init(title: String) { self.title = title }
}

@MainActor
final class Screen {
  let toolbar: Toolbar
  var badge: Badge?
  init(toolbar: Toolbar) { self.toolbar = toolbar }
}

/// Non-isolated, made by a synchronous factory that needs a main-actor toolbar.
final class Badge: Sendable {
  let toolbarTitle: String
  init(toolbarTitle: String) { self.toolbarTitle = toolbarTitle }
}

struct MainActorIsolationInAsyncGraphsTests {
  @Test func aMainActorFactoryResolvesMainActorDefinitionsSynchronouslyUnderAwait() async throws {
    let container = Container()
    container.register(.shared) { @MainActor r in Toolbar(title: "t") }
    container.register(.shared) { @MainActor r in Screen(toolbar: try r.resolve()) }
    let screen = try await container.resolve(Screen.self)
    #expect(screen.toolbar.title == "t")
  }

  @Test func aNonIsolatedFactoryReachedFromMainActorCodeIsNotTakenForTheMainActor() async throws {
    let container = Container()
    container.register(.shared) { @MainActor r in Toolbar(title: "t") }
    container.register(.shared) { @MainActor r in Screen(toolbar: try r.resolve()) }
      .resolvingPropertiesOnMainActor { r, screen async throws in screen.badge = try await r.resolve() }
    // Synchronous and non-isolated: it must not run the toolbar's factory where it runs.
    container.register(.unique) { r in
      Badge(toolbarTitle: "\(type(of: try r.resolve(Toolbar.self, tag: "other")))")
    }
    container.register(.shared, tag: "other") { @MainActor r in Toolbar(title: "other") }
    let error = await #expect(throws: ResolutionError.self) { try await container.resolve(Screen.self) }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.message.contains("the synchronous factory of Badge asks for it off the main actor") == true)
  }
}
