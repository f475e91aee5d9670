import Surrogate

protocol ScreenView: AnyObject {
  func show(_ text: String)
}

final class ScreenController: ScreenView {
  var presenter: ScreenPresenter?
  func show(_ text: String) {}
}

final class ScreenPresenter {
  var view: (any ScreenView)?
  var analytics: AnalyticsClient?
}

final class AnalyticsClient {}

/// A hand-written weak adapter, the shape `WeakRefProxy` generalises.
final class WeakScreenView: ScreenView {
  weak var base: ScreenController?
  init(_ base: ScreenController) { self.base = base }
  func show(_ text: String) { base?.show(text) }
}

/// The MVP screen; `forwardView` decides how the controller is handed out as `ScreenView`.
func screenContainer(forwardView: (Definition<ScreenController, Void>) -> Definition<ScreenController, Void>)
  -> Container
{
  let container = Container()
  forwardView(container.register(.shared) { ScreenController() })
    .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  container.register(.shared) { ScreenPresenter() }
    .resolvingProperties { r, presenter in
      presenter.view = try r.resolve()
      presenter.analytics = try r.resolve()
    }
  container.register(.singleton) { AnalyticsClient() }
  return container
}

func fixedScreenContainer() -> Container {
  let container = Container()
  container.register(.shared) { ScreenController() }
    .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  container.register(.shared) { ScreenPresenter() }
    .resolvingProperties { r, presenter in
      presenter.view = WeakScreenView(try r.resolve(ScreenController.self))
      presenter.analytics = try r.resolve()
    }
  container.register(.singleton) { AnalyticsClient() }
  return container
}

extension ScreenView where Self: Proxy, Self.Subject: ScreenView {
  func show(_ text: String) {
    withSubject(for: ProxyAccess("show(_:)")) { $0.show(text) }
  }
}

extension WeakRefProxy: ScreenView where T: ScreenView {}

/// The presenter holds the controller strongly through `ScreenView`: a retain cycle.
func leakyScreenContainer() -> Container {
  screenContainer { $0.implements((any ScreenView).self) }
}

/// The same composition with one change: the view type is forwarded through `WeakRefProxy`.
func proxiedScreenContainer() -> Container {
  screenContainer { $0.implements((any ScreenView).self, through: WeakRefProxy.init) }
}
