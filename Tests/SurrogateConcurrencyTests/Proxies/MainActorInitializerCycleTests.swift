import SuiteSupport
import Surrogate
import Synchronization
import Testing

// The accounts screen of a banking app: a `@MainActor` view controller and its presenter take
// each other by initializer; the presenter gets the view through a protocol forwarded `through:
// WeakRefProxy.init`, which the container hands out unbound and binds once the controller exists.

@MainActor
protocol AccountsScreenView: AnyObject {
  func show(_ balance: Int)
}

extension WeakRefProxy: AccountsScreenView where T: AccountsScreenView {
  func show(_ balance: Int) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(balance) } }
}

@MainActor
final class AccountsScreenController: AccountsScreenView {
  let presenter: AccountsScreenPresenter
  private(set) var shown: [Int] = []
  init(presenter: AccountsScreenPresenter) { self.presenter = presenter }
  func show(_ balance: Int) { shown.append(balance) }
}

@MainActor
final class AccountsScreenPresenter {
  let view: any AccountsScreenView
  init(view: any AccountsScreenView) { self.view = view }
  func load() { view.show(120) }
  var holdsAWeakProxy: Bool { view is WeakRefProxy<AccountsScreenController> }
}

@MainActor
func accountsScreen() -> Container {
  let screen = Container()
  screen.register(.shared) { @MainActor r in AccountsScreenController(presenter: try r.resolve()) }
    .implements((any AccountsScreenView).self, through: WeakRefProxy.init)
  screen.register(.shared) { @MainActor r in AccountsScreenPresenter(view: try r.resolve()) }
  return screen
}

@MainActor
struct MainActorInitializerCycleTests {
  @Test func viewFirstFromMainActorCode() throws {
    let controller = try accountsScreen().resolve(AccountsScreenController.self)
    controller.presenter.load()
    #expect(controller.shown == [120])
  }

  @Test func presenterFirstFromMainActorCode() throws {
    let presenter = try accountsScreen().resolve(AccountsScreenPresenter.self)
    #expect((presenter.view as? WeakRefProxy<AccountsScreenController>) != nil)
  }

  @Test func viewFirstAwaited() async throws {
    let controller = try await accountsScreen().resolve(AccountsScreenController.self)
    controller.presenter.load()
    #expect(controller.shown == [120])
  }

  @Test func presenterFirstAwaited() async throws {
    let presenter = try await accountsScreen().resolve(AccountsScreenPresenter.self)
    #expect((presenter.view as? WeakRefProxy<AccountsScreenController>) != nil)
  }

  @Test func validateFindsNoProblem() async throws {
    let report = await accountsScreen().validate()
    #expect(report.problems.isEmpty, "\(report)")
  }
}

struct NonisolatedMainActorInitializerCycleTests {
  @Test func presenterFirstAwaitedFromANonisolatedTask() async throws {
    let screen = await accountsScreen()
    let presenter = try await screen.resolve(AccountsScreenPresenter.self)
    #expect(await presenter.holdsAWeakProxy)
  }

  @Test func viewFirstAwaitedFromANonisolatedTask() async throws {
    let screen = await accountsScreen()
    let controller = try await screen.resolve(AccountsScreenController.self)
    #expect(await controller.presenter.holdsAWeakProxy)
  }

  @Test func validateFromANonisolatedTaskFindsNoProblem() async throws {
    let report = await accountsScreen().validate()
    #expect(report.problems.isEmpty, "\(report)")
  }
}

protocol AccountsPresenting: AnyObject, Sendable {
  func refresh()
}

/// The presenter of the issue's app: not isolated, it reaches its main-actor view through the
/// weak proxy.
final class PlainAccountsPresenter: AccountsPresenting, Sendable {
  let view: any AccountsScreenView & Sendable
  init(view: any AccountsScreenView & Sendable) { self.view = view }
  func refresh() {}
}

@MainActor
final class PlainAccountsController: AccountsScreenView {
  let presenter: any AccountsPresenting
  init(presenter: any AccountsPresenting) { self.presenter = presenter }
  func show(_ balance: Int) {}
}

/// Keeps the controller a presenter-first resolution builds (only the presenter's weak proxy holds
/// it otherwise), as a navigation stack would.
final class AccountsControllerKeeper: Sendable {
  private let kept = Mutex<PlainAccountsController?>(nil)
  var controller: PlainAccountsController? { kept.withLock(owner: self) { $0 } }
  func keep(_ controller: PlainAccountsController) -> PlainAccountsController {
    kept.withLock(owner: self) { $0 = controller }
    return controller
  }
}

/// How the presenter of the accounts screen is registered.
enum AccountsPresenterFactory: CaseIterable, Sendable {
  /// A synchronous closure, as a Dip user writes it: it runs where the resolution runs, once, so
  /// off the main actor it cannot make the main-actor view.
  case synchronous
  /// An `async` closure that awaits the view: the view's own factory, synchronous, cannot ask
  /// for it.
  case async
  /// `autowire(PlainAccountsPresenter.init)`: the container resolves the view, synchronously
  /// where it can and with `await` where it must.
  case autowired
}

/// The accounts screen as a child container of the app, the presenter also handed out as a
/// protocol; `keeper` keeps the controller.
func plainAccountsScreen(
  _ presenter: AccountsPresenterFactory, keeper: AccountsControllerKeeper = AccountsControllerKeeper()
) -> Container {
  let app = Container()
  let screen = Container(parent: app)
  screen.register(.shared) { @MainActor r in keeper.keep(PlainAccountsController(presenter: try r.resolve())) }
    .implements((any AccountsScreenView & Sendable).self, through: WeakRefProxy.init)
  switch presenter {
  case .synchronous:
    screen.register(.shared) { r in PlainAccountsPresenter(view: try r.resolve()) }
      .implements((any AccountsPresenting).self)
  case .async:
    screen.register(.shared) { r async throws in PlainAccountsPresenter(view: try await r.resolve()) }
      .implements((any AccountsPresenting).self)
  case .autowired:
    screen.autowire(PlainAccountsPresenter.init).implements((any AccountsPresenting).self)
  }
  return screen
}

/// A session each presenter gets its own of (`.unique`), counted.
final class AccountsSession: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// An auto-wired presenter whose first parameter is a `.unique` session and whose second is the
/// main-actor view, through the weak proxy.
final class SessionAccountsPresenter: AccountsPresenting, Sendable {
  let session: AccountsSession
  let view: any AccountsScreenView & Sendable
  init(session: AccountsSession, view: any AccountsScreenView & Sendable) {
    self.session = session
    self.view = view
  }
  func refresh() {}
}

/// What an auto-wired presenter needs besides its view, made by an `async` factory.
final class AccountsRepository: Sendable {}

/// A presenter that takes its view (through the weak proxy) and an `async`-made repository.
final class RepoAccountsPresenter: AccountsPresenting, Sendable {
  let view: any AccountsScreenView & Sendable
  let repository: AccountsRepository
  init(view: any AccountsScreenView & Sendable, repository: AccountsRepository) {
    self.view = view
    self.repository = repository
  }
  func refresh() {}
}

struct PlainPresenterMainActorViewTests {
  /// Concurrency.md, "Your code runs once": view-first, the view's synchronous main-actor factory
  /// makes the auto-wired presenter, so the presenter's `async` repository is the view factory's
  /// to await, and the remedy names it.
  @Test func anAutowiredPresentersAsyncRepositoryNamesTheViewsFactoryAsTheOneToMakeAsync() async throws {
    let screen = Container()
    screen.register(.singleton) { _ async in AccountsRepository() }
    screen.register(.shared) { @MainActor r in PlainAccountsController(presenter: try r.resolve()) }
      .implements((any AccountsScreenView & Sendable).self, through: WeakRefProxy.init)
    screen.autowire(RepoAccountsPresenter.init).implements((any AccountsPresenting).self)
    let error = await #expect(throws: ResolutionError.self) {
      try await Task.detached { try await screen.resolve(PlainAccountsController.self) }.value
    }
    #expect(error?.code == .requiresAwait)
    #expect(
      error?.pathDescription
        == "PlainAccountsController → RepoAccountsPresenter (as AccountsPresenting) → AccountsRepository")
    #expect(
      error?.remedy.hasPrefix(
        "Make the synchronous factory of PlainAccountsController and the synchronous code it runs, down to the "
          + "synchronous factory of RepoAccountsPresenter, `async`") == true,
      "\(error?.remedy ?? "")")
    // Following it: the view's factory awaits the presenter.
    screen.register(.shared) { @MainActor r async throws in PlainAccountsController(presenter: try await r.resolve()) }
      .implements((any AccountsScreenView & Sendable).self, through: WeakRefProxy.init)
    let controller = try await Task.detached { try await screen.resolve(PlainAccountsController.self) }.value
    #expect(controller.presenter is RepoAccountsPresenter)
  }

  @Test func anAutowiredPresenterAwaitedFromANonisolatedTaskMakesItsUniqueSessionOnce() async throws {
    let sessions = Counter()
    let keeper = AccountsControllerKeeper()
    let screen = Container()
    screen.register(.unique) { AccountsSession(number: sessions.increment()) }
    screen.register(.shared) { @MainActor r in keeper.keep(PlainAccountsController(presenter: try r.resolve())) }
      .implements((any AccountsScreenView & Sendable).self, through: WeakRefProxy.init)
    screen.autowire(SessionAccountsPresenter.init).implements((any AccountsPresenting).self)
    let presenter = try await screen.resolve(SessionAccountsPresenter.self)
    let controller = try #require(keeper.controller)
    #expect(controller.presenter === presenter)
    #expect((presenter.view as? WeakRefProxy<PlainAccountsController>)?.object === controller)
    #expect(presenter.session.number == 1)
    #expect(sessions.value == 1)
  }

  @Test(arguments: [AccountsPresenterFactory.async, .autowired])
  func presenterFirstAwaitedBuildsTheViewOnTheMainActorAndBindsTheProxy(
    presenter factory: AccountsPresenterFactory
  ) async throws {
    let keeper = AccountsControllerKeeper()
    let presenter = try await plainAccountsScreen(factory, keeper: keeper).resolve(PlainAccountsPresenter.self)
    let controller = try #require(keeper.controller)
    let proxy = try #require(presenter.view as? WeakRefProxy<PlainAccountsController>)
    #expect(proxy.object === controller)
    #expect(controller.presenter === presenter)
  }

  @Test(arguments: [AccountsPresenterFactory.async, .autowired])
  func thePresentersProtocolFirstAwaited(presenter factory: AccountsPresenterFactory) async throws {
    let keeper = AccountsControllerKeeper()
    let presenter = try await plainAccountsScreen(factory, keeper: keeper).resolve((any AccountsPresenting).self)
    let controller = try #require(keeper.controller)
    #expect(controller.presenter === presenter)
  }

  @Test func aSynchronousPresenterFirstAwaitedOffTheMainActorIsAnErrorNamingItsFactory() async throws {
    let error = await #expect(throws: ResolutionError.self) {
      try await plainAccountsScreen(.synchronous).resolve(PlainAccountsPresenter.self)
    }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.pathDescription == "PlainAccountsPresenter → AccountsScreenView")
    #expect(error?.message.contains("the synchronous factory of PlainAccountsPresenter asks for it") == true)
    // Its second way out, an `async` presenter, costs the other end: the view's synchronous factory.
    #expect(error?.remedy.contains("any synchronous factory that asks for it (the other end of a cycle)") == true)
  }

  @Test(arguments: [AccountsPresenterFactory.synchronous, .autowired])
  @MainActor func presenterFirstOnTheMainActor(presenter factory: AccountsPresenterFactory) throws {
    let presenter = try plainAccountsScreen(factory).resolve(PlainAccountsPresenter.self)
    #expect(presenter.view is WeakRefProxy<PlainAccountsController>)
  }

  @Test(arguments: [AccountsPresenterFactory.synchronous, .autowired])
  func viewFirstAwaited(presenter factory: AccountsPresenterFactory) async throws {
    let controller = try await plainAccountsScreen(factory).resolve(PlainAccountsController.self)
    #expect(controller.presenter is PlainAccountsPresenter)
  }

  /// Only the auto-wired presenter works from both ends off the main actor: a synchronous one
  /// cannot make the view there, and the view's synchronous factory cannot await an `async` one.
  @Test(arguments: AccountsPresenterFactory.allCases)
  func validateFindsAProblemExactlyWhereAnEndCannotBeResolved(presenter factory: AccountsPresenterFactory)
    async throws
  {
    let report = await plainAccountsScreen(factory).validate()
    let problems = report.problems.map { "\($0.code): \($0.pathDescription)" }.sorted()
    switch factory {
    case .synchronous:
      // One problem, met through the forwarded type and through the definition: one factory to change.
      #expect(problems == ["requiresMainActor: PlainAccountsPresenter (as AccountsPresenting) → AccountsScreenView"])
      #expect(
        report.problems.first?.message.hasSuffix(
          "It breaks 2 definitions: AccountsPresenting, PlainAccountsPresenter.") == true, "\(report)")
    case .async:
      #expect(problems == ["requiresAwait: PlainAccountsController (as AccountsScreenView) → AccountsPresenting"])
      #expect(report.problems.first?.message.contains("It breaks 2 definitions") == true, "\(report)")
    case .autowired:
      #expect(problems.isEmpty, "\(report)")
    }
  }
}
