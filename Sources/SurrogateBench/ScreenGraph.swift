// An app screen (issue #34, "measure on real graphs"), built by both benchmark suites:
// `surrogate-bench` (this target) and the Benchmarks package, whose target holds a symbolic link to
// this file. A `@MainActor` view controller and presenter that hold each other (the presenter
// through a `WeakRefProxy`), an interactor, a repository with a decorator in front of it, and two
// app-wide singletons; resolved from `@MainActor` code, and wired by hand with the same classes.
import Surrogate

// MARK: - App-wide singletons

final class APIClient: Sendable {
  let baseURL: String
  init(baseURL: String) { self.baseURL = baseURL }
}

final class ResponseCache: Sendable {}

// MARK: - The screen, made for each presentation

protocol ProductRepository: AnyObject {
  func products() -> [String]
}

final class RemoteProductRepository: ProductRepository {
  let client: APIClient
  init(client: APIClient) { self.client = client }
  func products() -> [String] { [] }
}

/// The decorator: `container.decorate` puts it in front of the repository.
final class CachingProductRepository: ProductRepository {
  let inner: any ProductRepository
  let cache: ResponseCache
  init(inner: any ProductRepository, cache: ResponseCache) {
    self.inner = inner
    self.cache = cache
  }
  func products() -> [String] { inner.products() }
}

final class ProductListInteractor {
  let repository: any ProductRepository
  init(repository: any ProductRepository) { self.repository = repository }
}

@MainActor
protocol ProductListView: AnyObject {
  func show(_ products: [String])
}

extension WeakRefProxy: ProductListView where T: ProductListView {
  func show(_ products: [String]) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(products) } }
}

@MainActor
final class ProductListPresenter {
  /// The view controller, through a weak proxy: the controller holds this presenter.
  let view: any ProductListView
  let interactor: ProductListInteractor
  init(view: any ProductListView, interactor: ProductListInteractor) {
    self.view = view
    self.interactor = interactor
  }
  func load() { view.show(interactor.repository.products()) }
}

@MainActor
final class ProductListViewController: ProductListView {
  var presenter: ProductListPresenter?
  private(set) var shown: [String] = []
  func show(_ products: [String]) { shown = products }
}

// MARK: - Wired by the container

/// The screen's container: the view controller's presenter is set by a main-actor block, and who
/// asks for a `ProductListView` gets the controller through a `WeakRefProxy`.
func makeScreenContainer() -> Surrogate.Container {
  let container = Surrogate.Container()
  container.register(.singleton) { APIClient(baseURL: "https://api.example.com") }
  container.register(.singleton) { ResponseCache() }
  container.register(.shared, type: (any ProductRepository).self) { r in
    RemoteProductRepository(client: try r.resolve())
  }
  container.decorate((any ProductRepository).self) { r, inner in
    CachingProductRepository(inner: inner, cache: try r.resolve())
  }
  container.autowire(.shared, ProductListInteractor.init)
  container.register(.shared) { @MainActor r in
    ProductListPresenter(view: try r.resolve(), interactor: try r.resolve())
  }
  container.register(.shared) { @MainActor _ in ProductListViewController() }
    .implements((any ProductListView).self, through: WeakRefProxy.init)
    .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve(ProductListPresenter.self) }
  return container
}

/// `screen`: the view controller, resolved from main-actor code.
@MainActor
func resolveProductList(from container: Surrogate.Container) throws(ResolutionError) -> ProductListViewController {
  try container.resolve(ProductListViewController.self)
}

/// Whether `controller`'s graph is the one the hand-written code builds: its presenter holds it
/// through a bound `WeakRefProxy`, and the repository is decorated. The benchmarks check it
/// before measuring.
@MainActor
func isWiredAsByHand(_ controller: ProductListViewController) -> Bool {
  guard let presenter = controller.presenter,
    let view = presenter.view as? WeakRefProxy<ProductListViewController>,
    let cached = presenter.interactor.repository as? CachingProductRepository
  else { return false }
  return view.object === controller && cached.inner is RemoteProductRepository
}

// MARK: - Wired by hand

/// The app-wide singletons, made once by hand.
struct ScreenSingletons: Sendable {
  let client = APIClient(baseURL: "https://api.example.com")
  let cache = ResponseCache()
}

/// The screen by hand: the same objects the container makes.
@MainActor
func handWiredProductList(_ app: ScreenSingletons) -> ProductListViewController {
  let controller = ProductListViewController()
  let repository = CachingProductRepository(inner: RemoteProductRepository(client: app.client), cache: app.cache)
  controller.presenter = ProductListPresenter(
    view: WeakRefProxy(controller), interactor: ProductListInteractor(repository: repository))
  return controller
}
