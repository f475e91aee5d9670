import Surrogate
import Synchronization

/// Counts calls from any thread: how many times a factory ran.
package final class Counter: Sendable {
  private let storage = Atomic<Int>(0)
  package init() {}
  package var value: Int { storage.load(ordering: .relaxed) }
  @discardableResult
  package func increment() -> Int { storage.add(1, ordering: .relaxed).newValue }
  @discardableResult
  package func decrement() -> Int { storage.subtract(1, ordering: .relaxed).newValue }
}

package protocol ListView: AnyObject {}
package protocol ListInteractorOutput: AnyObject {}
package protocol ListModuleInterface: AnyObject {}
package protocol AddModuleDelegate: AnyObject {}
package protocol Unimplemented {}

package final class ListViewController: ListView {
  package var presenter: ListPresenter?
  package init() {}
}

package final class ListPresenter: ListInteractorOutput, ListModuleInterface, AddModuleDelegate {
  package var view: (any ListView)?
  package var interactor: ListInteractor?
  package init() {}
}

package final class ListInteractor {
  package var output: (any ListInteractorOutput)?
  package init() {}
}

package protocol HTTPClient: Sendable {}
package struct URLSessionClient: HTTPClient {
  package var name: String
  package init(name: String = "live") { self.name = name }
}

package struct StubClient: HTTPClient {
  package var name: String
  package init(name: String = "stub") { self.name = name }
}

package protocol ViewProtocol {}
package protocol Loader {}
package protocol Analytics {}
package final class View: ViewProtocol { package init() {} }
package final class NetworkLoader: Loader { package init() {} }
package final class ConsoleAnalytics: Analytics { package init() {} }

package final class Presenter {
  package let view: any ViewProtocol
  package let loader: any Loader
  package let analytics: any Analytics
  package init(view: any ViewProtocol, loader: any Loader, analytics: any Analytics) {
    self.view = view
    self.loader = loader
    self.analytics = analytics
  }
}

package final class Service { package init() {} }
package final class Repository {
  package let service: Service
  package init(service: Service) { self.service = service }
}

package struct Client: Equatable {
  package var host: String
  package var port: Int
  package init(host: String, port: Int) {
    self.host = host
    self.port = port
  }
}

package struct FactoryError: Error, Equatable, CustomStringConvertible {
  package var reason: String
  package init(reason: String = "disk full") { self.reason = reason }
  package var description: String { reason }
}

package final class A {
  package var b: B?
  package init(b: B? = nil) { self.b = b }
}

package final class B {
  package var a: A?
  package init(a: A? = nil) { self.a = a }
}

package final class C { package init() {} }

extension Container {
  /// Registers `Presenter` with its three transient dependencies, as in the benchmark.
  package func registerPresenterGraph() {
    register(.unique, type: (any ViewProtocol).self) { View() }
    register(.unique, type: (any Loader).self) { NetworkLoader() }
    register(.unique, type: (any Analytics).self) { ConsoleAnalytics() }
    register(.unique) { r in
      Presenter(view: try r.resolve(), loader: try r.resolve(), analytics: try r.resolve())
    }
  }
}

/// Type lists compared by identity (`Any.Type` is not `Equatable`).
package func ids(_ types: [Any.Type]?) -> [ObjectIdentifier]? { types?.map(ObjectIdentifier.init) }
package func ids(_ types: Any.Type...) -> [ObjectIdentifier] { types.map(ObjectIdentifier.init) }
