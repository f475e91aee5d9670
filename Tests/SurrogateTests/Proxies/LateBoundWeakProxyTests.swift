import Surrogate
import Testing

// Two objects whose initializers need each other: the view takes its presenter, the presenter
// takes the view through a protocol forwarded `through: WeakRefProxy.init`.

protocol LedgerView: AnyObject {
  func show(_ total: Int)
  func title() throws -> String
}

extension WeakRefProxy: LedgerView where T: LedgerView {
  func show(_ total: Int) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(total) } }
  func title() throws -> String { try requireSubject(for: ProxyAccess("title()", isMutating: false)).title() }
}

final class LedgerPresenter {
  let view: any LedgerView
  /// What a call through the proxy did inside the presenter's initializer.
  let titleInInit: Result<String, ProxyError>

  init(view: any LedgerView) {
    self.view = view
    view.show(1)  // a Void call before the proxy is bound does nothing
    do {
      titleInInit = .success(try view.title())
    } catch {
      titleInInit = .failure(error as! ProxyError)
    }
  }

  func load() { view.show(42) }
}

final class LedgerViewController: LedgerView {
  let presenter: LedgerPresenter
  private(set) var shown: [Int] = []
  init(presenter: LedgerPresenter) { self.presenter = presenter }
  func show(_ total: Int) { shown.append(total) }
  func title() throws -> String { "Ledger" }
}

struct LateBoundWeakProxyTests {
  func container() -> Container {
    let container = Container()
    container.register(.shared) { r in LedgerViewController(presenter: try r.resolve()) }
      .implements((any LedgerView).self, through: WeakRefProxy.init)
    container.register(.shared) { r in LedgerPresenter(view: try r.resolve()) }
    return container
  }

  @Test func viewFirstTheConstructorCycleIsBrokenByAProxyBoundOnceTheViewIsBuilt() throws {
    let controller = try container().resolve(LedgerViewController.self)
    let proxy = try #require(controller.presenter.view as? WeakRefProxy<LedgerViewController>)
    #expect(proxy.object === controller)
    controller.presenter.load()
    #expect(controller.shown == [42])
  }

  @Test func aCallBeforeTheProxyIsBoundIsAProxyErrorNotACrash() throws {
    let controller = try container().resolve(LedgerViewController.self)
    guard case .failure(let error) = controller.presenter.titleInInit else {
      Issue.record("the title was read before the view existed")
      return
    }
    #expect(error.code == .subjectNotBound)
    #expect(
      error.message
        == "LedgerViewController is still being built: this proxy is bound to it once its initializer returns")
    #expect(controller.shown.isEmpty)
  }

  @Test func presenterFirstTheViewIsBuiltOnceThePresenterIsAndTheProxyBound() throws {
    let container = container()
    let presenter = try container.resolve(LedgerPresenter.self)
    // The view was built after the presenter; only the presenter's weak proxy held it.
    let proxy = try #require(presenter.view as? WeakRefProxy<LedgerViewController>)
    #expect(proxy.object == nil)
    #expect(throws: ProxyError.self) { try presenter.view.title() }
  }

  @Test func presenterFirstWithTheViewKeptTheTwoAreWired() throws {
    let container = Container()
    let keeper = ViewKeeper()
    container.register(.shared) { r in keeper.keep(LedgerViewController(presenter: try r.resolve())) }
      .implements((any LedgerView).self, through: WeakRefProxy.init)
    container.register(.shared) { r in LedgerPresenter(view: try r.resolve()) }
    let presenter = try container.resolve(LedgerPresenter.self)
    let controller = try #require(keeper.kept)
    #expect(controller.presenter === presenter)
    presenter.load()
    #expect(controller.shown == [42])
  }

  @Test func thePairIsReleasedWhenTheViewIsDropped() throws {
    let container = container()
    weak var controller: LedgerViewController?
    weak var presenter: LedgerPresenter?
    try {
      let resolved = try container.resolve(LedgerViewController.self)
      controller = resolved
      presenter = resolved.presenter
    }()
    #expect(controller == nil)
    #expect(presenter == nil)
  }

  @Test func awaitedResolutionBreaksTheCycleToo() async throws {
    let controller = try await container().resolve(LedgerViewController.self)
    #expect((controller.presenter.view as? WeakRefProxy<LedgerViewController>)?.object === controller)
    let presenter = try await container().resolve(LedgerPresenter.self)
    #expect((presenter.view as? WeakRefProxy<LedgerViewController>)?.object == nil)
  }

  @Test func aConstructorCycleWithoutAWeakForwardingIsStillAnErrorThatNamesTheOption() {
    let container = Container()
    container.register(.shared) { r in StrongLedgerView(presenter: try r.resolve()) }
    container.register(.shared) { r in StrongLedgerPresenter(view: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(StrongLedgerView.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.remedy.contains("forward that protocol `through: WeakRefProxy.init`") == true)
  }
}

final class ViewKeeper: @unchecked Sendable {  // written once, inside one resolve, read after it
  private(set) var kept: LedgerViewController?
  func keep(_ controller: LedgerViewController) -> LedgerViewController {
    kept = controller
    return controller
  }
}

final class StrongLedgerPresenter {
  let view: StrongLedgerView?
  init(view: StrongLedgerView) { self.view = view }
}

final class StrongLedgerView {
  let presenter: StrongLedgerPresenter
  init(presenter: StrongLedgerPresenter) { self.presenter = presenter }
}

/// The same pair with the view controller `.unique`: a weak forwarding cannot bind a proxy to an
/// instance the graph does not keep, so the cycle stays an error, whose remedy says why the weak
/// forwarding already there did not break it.
struct UniqueLateBoundWeakProxyTests {
  func container() -> Container {
    let container = Container()
    container.register(.unique) { r in LedgerViewController(presenter: try r.resolve()) }
      .implements((any LedgerView).self, through: WeakRefProxy.init)
    container.register(.shared) { r in LedgerPresenter(view: try r.resolve()) }
    return container
  }

  @Test func aUniqueViewFirstIsACycleWhoseRemedyNamesTheScope() {
    let error = #expect(throws: ResolutionError.self) { try container().resolve(LedgerViewController.self) }
    #expect(error?.code == .circularDependency, "\(String(describing: error))")
    #expect(
      error?.remedy.contains("already forwarded `through: WeakRefProxy.init`") == true, "\(String(describing: error))")
    #expect(error?.remedy.contains("`.unique`") == true)
  }
}
