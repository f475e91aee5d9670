import Surrogate

// The forwarding `@Proxyable` generates, written by hand: defaults constrained to `Proxy`, and
// one line per proxy kind.

protocol Greeter: AnyObject {
  func greet(_ name: String) -> String?
  func wave()
  func shout(_ text: String) throws -> String
}

extension Greeter where Self: Proxy, Self.Subject: Greeter {
  func greet(_ name: String) -> String? {
    var result: String?
    withSubject(for: ProxyAccess("greet(_:)")) { result = $0.greet(name) }
    return result
  }
  func wave() {
    withSubject(for: ProxyAccess("wave()")) { $0.wave() }
  }
  func shout(_ text: String) throws -> String {
    try requireSubject(for: ProxyAccess("shout(_:)", isMutating: true)).shout(text)
  }
}

extension WeakRefProxy: Greeter where T: Greeter {}
extension LazyProxy: Greeter where Subject: Greeter {}
extension ProtectionProxy: Greeter where Subject: Greeter {}

final class EnglishGreeter: Greeter, Sendable {
  let waves = Counter()
  let prefix: String
  init(prefix: String = "Hello") { self.prefix = prefix }
  func greet(_ name: String) -> String? { "\(prefix), \(name)" }
  func wave() { waves.increment() }
  func shout(_ text: String) throws -> String { text.uppercased() }
}

// MARK: - The MVP seed composition

protocol ScreenViewProtocol: AnyObject {
  func show(_ title: String)
}

extension ScreenViewProtocol where Self: Proxy, Self.Subject: ScreenViewProtocol {
  func show(_ title: String) {
    withSubject(for: ProxyAccess("show(_:)")) { $0.show(title) }
  }
}

extension WeakRefProxy: ScreenViewProtocol where T: ScreenViewProtocol {}

final class ScreenViewController: ScreenViewProtocol {
  var presenter: ScreenViewPresenter?
  private(set) var shown: [String] = []
  func show(_ title: String) { shown.append(title) }
}

/// Holds its view with a plain strong `let`: no `weak`, no optional.
final class ScreenViewPresenter {
  let view: any ScreenViewProtocol
  init(view: any ScreenViewProtocol) { self.view = view }
  func load() { view.show("Cocktails") }
}
