import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Testing

final class IndexUser {
  let index: Lazy<EnglishGreeter>
  let fresh: Provider<Service>
  init(index: Lazy<EnglishGreeter>, fresh: Provider<Service>) {
    self.index = index
    self.fresh = fresh
  }
}

struct ContainerProxyTests {
  /// The whole seed composition: two registrations.
  func screenContainer() -> Container {
    let container = Container()
    container.register(.shared) { ScreenViewController() }
      .implements((any ScreenViewProtocol).self, through: WeakRefProxy.init)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.autowire(ScreenViewPresenter.init)
    return container
  }

  @Test func presenterHoldsTheControllerWeaklyThroughTheProxy() throws {
    let controller = try screenContainer().resolve(ScreenViewController.self)
    let presenter = try #require(controller.presenter)
    #expect(presenter.view is WeakRefProxy<ScreenViewController>)
    presenter.load()
    #expect(controller.shown == ["Cocktails"])
  }

  @Test func theCompositionResolvesFromThePresenterEndTooWithEachFactoryRunOnce() throws {
    let container = Container()
    let controllers = Counter()
    let presenters = Counter()
    container.register(.shared) {
      controllers.increment(); return ScreenViewController()
    }
    .implements((any ScreenViewProtocol).self, through: WeakRefProxy.init)
    .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.register(.shared) { r in
      presenters.increment()
      return ScreenViewPresenter(view: try r.resolve())
    }
    // Presenter first: its initializer needs the view; the view's block needs the presenter, which
    // is still being built, so that block waits until the presenter exists. (The controller is
    // resolved in the same graph too, because the presenter alone holds it only weakly.)
    container.register(.unique) { r in
      (try r.resolve(ScreenViewPresenter.self), try r.resolve(ScreenViewController.self))
    }
    let (presenter, controller) = try container.resolve((ScreenViewPresenter, ScreenViewController).self)
    #expect((presenter.view as? WeakRefProxy<ScreenViewController>)?.object === controller)
    #expect(controller.presenter.map(ObjectIdentifier.init) == ObjectIdentifier(presenter))
    #expect(controllers.value == 1)
    #expect(presenters.value == 1)
    #expect(container.validate().problems.isEmpty, "\(container.validate())")
  }

  @Test func droppingTheControllerReleasesControllerAndPresenter() throws {
    let container = screenContainer()
    weak var controller: ScreenViewController?
    weak var presenter: ScreenViewPresenter?
    try {
      let resolved = try container.resolve(ScreenViewController.self)
      controller = resolved
      presenter = resolved.presenter
    }()
    #expect(controller == nil)
    #expect(presenter == nil)
  }

  @Test func theForwardingThroughAWeakProxyIsAWeakEdgeInTheGraph() throws {
    let graph = try screenContainer().dependencyGraph(of: ScreenViewController.self)
    let weakEdges = graph.edges.filter(\.isWeak).map { "\($0.from) -> \($0.to)" }
    #expect(weakEdges == ["ScreenViewPresenter -> ScreenViewController"])
    #expect(graph.cycles.isEmpty)
    #expect(graph.dot().contains("style=dashed"))
  }

  @Test func aProxyThatDoesNotConformIsInvalidType() {
    let container = Container()
    container.register(.shared) { EnglishGreeter() }.implements(
      (any ScreenViewProtocol).self, through: WeakRefProxy.init)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ScreenViewProtocol).self) }
    #expect(error?.code == .invalidType)
    #expect(error?.message.contains("WeakRefProxy<EnglishGreeter>") == true)
  }

  @Test func aProxyThatDoesNotConformNamesTheMacroAndTheOneLineConformance() {
    let container = Container()
    container.register(.shared) { EnglishGreeter() }.implements((any Unproxied).self, through: WeakRefProxy.init)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Unproxied).self) }
    let remedy = error?.remedy ?? ""
    #expect(remedy.contains("`@Proxyable`"), "\(remedy)")
    #expect(remedy.contains("`extension WeakRefProxy: Unproxied where T: Unproxied {}`"), "\(remedy)")
    #expect(remedy.contains("WeakRefProxy<EnglishGreeter> does not conform to Unproxied"), "\(remedy)")
  }

  @Test func aDecoratingProxyOfTheExistentialNamesTheConformanceWhereSubjectIsTheExistential() {
    let container = Container()
    container.register(.shared) { EnglishGreeter() }.implements((any Unproxied).self)
    container.decorate((any Unproxied).self) { _, inner in InterceptingProxy(inner) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Unproxied).self) }
    let remedy = error?.remedy ?? ""
    #expect(remedy.contains("`extension InterceptingProxy: Unproxied where Subject == any Unproxied {}`"), "\(remedy)")
    // What the macro does not write for the existential, and the decorator the user wrote
    // (outside client 18: it said to remove the type from `.implements(..., through:)`).
    #expect(remedy.contains("static requirements or associated types"), "\(remedy)")
    #expect(remedy.contains("decorate the type that implements it"), "\(remedy)")
    #expect(remedy.contains("remove the decorator of Unproxied"), "\(remedy)")
    #expect(!remedy.contains("implements(..., through:)"), "\(remedy)")
  }

  @Test func anInstanceThatIsNotAProxyKeepsTheConformanceRemedy() {
    let container = Container()
    container.register(.shared) { Service() }.implements((any Unproxied).self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Unproxied).self) }
    #expect(error?.remedy.contains("Make Service conform to Unproxied") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("@Proxyable") == false)
  }

  @Test func lazyResolvesOnceOnFirstAccessAndProviderOnEachAccess() throws {
    let container = Container()
    let greeters = Counter()
    let services = Counter()
    container.register(.unique) {
      greeters.increment(); return EnglishGreeter()
    }
    container.register(.unique) {
      services.increment(); return Service()
    }
    container.autowire(IndexUser.init)
    let user = try container.resolve(IndexUser.self)
    #expect(!user.index.isResolved)
    #expect(greeters.value == 0)
    let first = try user.index.value
    let second = try user.index.value
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(greeters.value == 1)
    let a = try user.fresh()
    let b = try user.fresh()
    #expect(ObjectIdentifier(a) != ObjectIdentifier(b))
    #expect(services.value == 2)
  }

  /// A failed first access is not kept: the next access resolves again, and once it succeeds the
  /// instance is kept.
  @Test func lazyRetriesAfterAFailedResolutionAndThenKeepsTheInstance() throws {
    struct Unavailable: Error {}
    let container = Container()
    let attempts = Counter()
    container.register(.unique) { () throws -> EnglishGreeter in
      if attempts.increment() == 1 { throw Unavailable() }
      return EnglishGreeter()
    }
    container.autowire(IndexUser.init)
    container.register(.unique) { Service() }
    let user = try container.resolve(IndexUser.self)
    let error = #expect(throws: ResolutionError.self) { try user.index.value }
    #expect(error?.code == .factoryFailed)
    #expect(!user.index.isResolved)
    let first = try user.index.value
    #expect(user.index.isResolved)
    #expect(ObjectIdentifier(try user.index.value) == ObjectIdentifier(first))
    #expect(attempts.value == 2)
  }

  /// Threads that reach an unresolved `Lazy` at once resolve it once and all get that instance.
  @Test func lazyFirstAccessedFromManyThreadsResolvesOnce() throws {
    let container = Container()
    let made = Counter()
    container.register(.unique) { () -> EnglishGreeter in
      made.increment()
      Thread.sleep(forTimeInterval: 0.002)  // keep the window open so the other threads arrive meanwhile
      return EnglishGreeter()
    }
    container.register(.unique) { Service() }
    container.autowire(IndexUser.init)
    for _ in 0..<20 {
      let index = try container.resolve(IndexUser.self).index  // a Lazy is Sendable
      let seen = Lengths()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let greeter = try? index.value
        seen.append(greeter.map { Int(bitPattern: UInt(bitPattern: ObjectIdentifier($0))) } ?? 0)
      }
      #expect(Set(seen.values).count == 1)
      #expect(!seen.values.contains(0))
    }
    #expect(made.value == 20)
  }

  @Test func lazyOfAnUnregisteredTypeIsAnErrorAtInjection() {
    let container = Container()
    container.autowire(IndexUser.init)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(IndexUser.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "IndexUser → EnglishGreeter")
  }
}

/// A protocol the greeter conforms to but no proxy does: no `@Proxyable`, no conformance line.
private protocol Unproxied: AnyObject {}
extension EnglishGreeter: Unproxied {}
