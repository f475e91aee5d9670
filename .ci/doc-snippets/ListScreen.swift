// The list screen of the README and the Surrogate and SurrogateTesting landing pages.
import SurrogateMacros

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient {}

@Proxyable
protocol ListView: AnyObject {
  func display(_ items: [String])
}
extension WeakRefProxy: ListView where T: ListView {}

final class ListPresenter {
  let client: any HTTPClient
  var view: (any ListView)?
  init(client: any HTTPClient) { self.client = client }
}

final class ListViewController: ListView {
  var presenter: ListPresenter?
  func display(_ items: [String]) {}
}

/// The app's composition root, as the landing page's overview writes it.
enum AppContainer {
  static func make() -> Container {
    let container = Container()
    container.register(.singleton, type: (any HTTPClient).self) { URLSessionClient() }
    container.register { r in ListPresenter(client: try r.resolve()) }
      .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
    container.register(.shared) { ListViewController() }
      .implements((any ListView).self, through: WeakRefProxy.init)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    return container
  }
}
