import Surrogate
import Synchronization

/// Counts calls from any thread: how many times a factory ran.
final class Counter: Sendable {
  private let storage = Atomic<Int>(0)
  var value: Int { storage.load(ordering: .relaxed) }
  @discardableResult
  func increment() -> Int { storage.add(1, ordering: .relaxed).newValue }
  @discardableResult
  func decrement() -> Int { storage.subtract(1, ordering: .relaxed).newValue }
}

protocol ListView: AnyObject {}
protocol ListInteractorOutput: AnyObject {}
protocol ListModuleInterface: AnyObject {}
protocol AddModuleDelegate: AnyObject {}
protocol Unimplemented {}

final class ListViewController: ListView {
  var presenter: ListPresenter?
}

final class ListPresenter: ListInteractorOutput, ListModuleInterface, AddModuleDelegate {
  var view: (any ListView)?
  var interactor: ListInteractor?
}

final class ListInteractor {
  var output: (any ListInteractorOutput)?
}

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient { var name = "live" }
struct StubClient: HTTPClient { var name = "stub" }

protocol ViewProtocol {}
protocol Loader {}
protocol Analytics {}
final class View: ViewProtocol {}
final class NetworkLoader: Loader {}
final class ConsoleAnalytics: Analytics {}

final class Presenter {
  let view: any ViewProtocol
  let loader: any Loader
  let analytics: any Analytics
  init(view: any ViewProtocol, loader: any Loader, analytics: any Analytics) {
    self.view = view
    self.loader = loader
    self.analytics = analytics
  }
}

final class Service {}
final class Repository {
  let service: Service
  init(service: Service) { self.service = service }
}

struct Client: Equatable {
  var host: String
  var port: Int
}

struct FactoryError: Error, Equatable, CustomStringConvertible {
  var reason = "disk full"
  var description: String { reason }
}

final class A { var b: B?; init(b: B? = nil) { self.b = b } }
final class B { var a: A?; init(a: A? = nil) { self.a = a } }
final class C { init() {} }

extension Container {
  /// Registers `Presenter` with its three transient dependencies, as in the benchmark.
  func registerPresenterGraph() {
    register(.unique, type: (any ViewProtocol).self) { View() }
    register(.unique, type: (any Loader).self) { NetworkLoader() }
    register(.unique, type: (any Analytics).self) { ConsoleAnalytics() }
    register(.unique) { r in
      Presenter(view: try r.resolve(), loader: try r.resolve(), analytics: try r.resolve())
    }
  }
}

/// Type lists compared by identity (`Any.Type` is not `Equatable`).
func ids(_ types: [Any.Type]?) -> [ObjectIdentifier]? { types?.map(ObjectIdentifier.init) }
func ids(_ types: Any.Type...) -> [ObjectIdentifier] { types.map(ObjectIdentifier.init) }
