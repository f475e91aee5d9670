// The screen of the Leak Checking article, composed as its first program composes it: the presenter
// holds its view strongly through the forwarded `ScreenView`, so the graph has a strong cycle.
import Surrogate

protocol ScreenView: AnyObject {}

final class ScreenController: ScreenView {
  var presenter: ScreenPresenter?
}

final class ScreenPresenter {
  var view: (any ScreenView)?
}

let container: Container = {
  let container = Container()
  container.register(.shared) { ScreenController() }
    .implements((any ScreenView).self)
    .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  container.register(.shared) { ScreenPresenter() }
    .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
  return container
}()
