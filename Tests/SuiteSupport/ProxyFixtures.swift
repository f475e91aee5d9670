import Surrogate

// The forwarding `@Proxyable` generates, written by hand: defaults constrained to `Proxy`, and
// one line per proxy kind.

package protocol Greeter: AnyObject {
  func greet(_ name: String) -> String?
  func wave()
  func shout(_ text: String) throws -> String
}

extension Greeter where Self: Proxy, Self.Subject: Greeter {
  package func greet(_ name: String) -> String? {
    var result: String?
    withSubject(for: ProxyAccess("greet(_:)")) { result = $0.greet(name) }
    return result
  }
  package func wave() {
    withSubject(for: ProxyAccess("wave()")) { $0.wave() }
  }
  package func shout(_ text: String) throws -> String {
    try requireSubject(for: ProxyAccess("shout(_:)", isMutating: true)).shout(text)
  }
}

extension WeakRefProxy: Greeter where T: Greeter {}
extension LazyProxy: Greeter where Subject: Greeter {}
extension ProtectionProxy: Greeter where Subject: Greeter {}

package final class EnglishGreeter: Greeter, Sendable {
  package let waves = Counter()
  package let prefix: String
  package init(prefix: String = "Hello") { self.prefix = prefix }
  package func greet(_ name: String) -> String? { "\(prefix), \(name)" }
  package func wave() { waves.increment() }
  package func shout(_ text: String) throws -> String { text.uppercased() }
}

// MARK: - The MVP seed composition

package protocol ScreenViewProtocol: AnyObject {
  func show(_ title: String)
}

extension ScreenViewProtocol where Self: Proxy, Self.Subject: ScreenViewProtocol {
  package func show(_ title: String) {
    withSubject(for: ProxyAccess("show(_:)")) { $0.show(title) }
  }
}

extension WeakRefProxy: ScreenViewProtocol where T: ScreenViewProtocol {}

package final class ScreenViewController: ScreenViewProtocol {
  package var presenter: ScreenViewPresenter?
  package private(set) var shown: [String] = []
  package init() {}
  package func show(_ title: String) { shown.append(title) }
}

/// Holds its view with a plain strong `let`: no `weak`, no optional.
package final class ScreenViewPresenter {
  package let view: any ScreenViewProtocol
  package init(view: any ScreenViewProtocol) { self.view = view }
  package func load() { view.show("Cocktails") }
}
