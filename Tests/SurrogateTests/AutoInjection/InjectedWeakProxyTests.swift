import Surrogate
import Testing

private protocol BadgeView: AnyObject {
  func show(_ count: Int)
}

extension WeakRefProxy: BadgeView where T: BadgeView {
  func show(_ count: Int) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(count) } }
}

private final class BadgePresenter {
  @InjectedWeak var view: (any BadgeView)?
}

private final class BadgeController: BadgeView {
  @Injected var presenter: BadgePresenter
  var shown: [Int] = []
  func show(_ count: Int) { shown.append(count) }
}

/// An `@InjectedWeak` property given a weak proxy (a type forwarded `through: WeakRefProxy.init`)
/// holds the proxy, which holds its object weakly: it reads the view while the view is alive and
/// `nil` once it is released. Before, it held the fresh proxy weakly, so it read `nil` at once.
struct InjectedWeakProxyTests {
  private func screen() -> Container {
    let container = Container()
    container.register(.shared) { BadgeController() }.implements((any BadgeView).self, through: WeakRefProxy.init)
    container.register(.shared) { BadgePresenter() }
    return container
  }

  @Test func aWeakPropertyGivenAWeakProxyReadsTheViewWhileItIsAlive() throws {
    let controller = try screen().resolve(BadgeController.self)
    let view = try #require(controller.presenter.view)
    view.show(3)
    #expect(controller.shown == [3])
  }

  @Test func aWeakPropertyGivenAWeakProxyReadsNilOnceTheViewIsReleased() throws {
    var controller: BadgeController? = try screen().resolve(BadgeController.self)
    let presenter = try #require(controller?.presenter)
    #expect(presenter.view != nil)
    controller = nil
    #expect(presenter.view == nil)
  }
}
