import SurrogateMacros
import Testing

// Awkward protocols the macro must handle; this file compiling is the compile-only test.

@Proxyable
public protocol ListView: AnyObject {
  func display(_ items: [String], animated: Bool)
  func selectedItem() -> String?
  func reload() throws -> Int
}

@Proxyable
protocol Store: AnyObject {
  func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T
  func refresh() async
  func update(_ value: inout Int)
  func apply(_ transform: (Int) -> Int) -> Int?
  func register(_ handler: @escaping @Sendable (String) -> Void)
  func describe(_ value: some CustomStringConvertible, _ other: any Equatable) -> String?
  func find(_ id: Int) -> String?
  func find(_ name: String) -> String?
  var name: String? { get }
  var count: Int? { get set }
  var remote: String? { get async throws }
  subscript(index: Int) -> String? { get }
  subscript(row row: Int, column column: Int) -> Int? { get }
}

@Proxyable
@MainActor
protocol Screen: AnyObject {
  func show(_ title: String)
}

@Proxyable
protocol Base: AnyObject { func ping() -> String? }
@Proxyable
protocol Derived: Base { func pong() -> String? }

struct ParseFailure: Error, Equatable {}

@Proxyable
protocol Parser: Sendable, AnyObject {
  func parse(_ text: String) throws(ParseFailure) -> Int?
  func map(_ transform: (Int) throws -> Int) rethrows -> Int?
}

final class DigitParser: Parser {
  func parse(_ text: String) throws(ParseFailure) -> Int? {
    guard let value = Int(text) else { throw ParseFailure() }
    return value
  }
  func map(_ transform: (Int) throws -> Int) rethrows -> Int? { try transform(2) }
}

extension WeakRefProxy: Parser where T: Parser {}

@Proxyable
protocol Catalogue: AnyObject {
  associatedtype Item
  associatedtype Key: Hashable
  func item(for key: Key) -> Item?
  func all() throws -> [Item]
  static func kind() -> String
  static var version: Int { get }
}

final class Drinks: Catalogue {
  let items = ["mojito": "Mojito", "daiquiri": "Daiquiri"]
  func item(for key: String) -> String? { items[key] }
  func all() throws -> [String] { items.values.sorted() }
  static func kind() -> String { "drinks" }
  static var version: Int { 3 }
}

extension WeakRefProxy: Catalogue where T: Catalogue {}
extension WeakRefProxy: ListView where T: ListView {}
extension WeakRefProxy: Store where T: Store {}
extension WeakRefProxy: Screen where T: Screen {}
extension WeakRefProxy: Base where T: Base {}
extension WeakRefProxy: Derived where T: Derived {}
extension LazyProxy: Store where Subject: Store {}
extension ProtectionProxy: ListView where Subject: ListView {}

final class Controller: ListView {
  var displayed: [[String]] = []
  func display(_ items: [String], animated: Bool) { displayed.append(items) }
  func selectedItem() -> String? { displayed.last?.first }
  func reload() throws -> Int { displayed.count }
}

final class MemoryStore: Store, @unchecked Sendable {  // test double, used from one task at a time
  var handlers: [@Sendable (String) -> Void] = []
  var count: Int? = 1
  var name: String? { "memory" }
  var remote: String? { get async throws { "remote" } }
  func load<T: Decodable>(_ type: T.Type, key: String) async throws -> T {
    try JSONDecoderStub.decode(type, from: key)
  }
  func refresh() async { count = (count ?? 0) + 1 }
  func update(_ value: inout Int) { value += 10 }
  func apply(_ transform: (Int) -> Int) -> Int? { transform(count ?? 0) }
  func register(_ handler: @escaping @Sendable (String) -> Void) { handlers.append(handler) }
  func describe(_ value: some CustomStringConvertible, _ other: any Equatable) -> String? { value.description }
  func find(_ id: Int) -> String? { "id \(id)" }
  func find(_ name: String) -> String? { "name \(name)" }
  subscript(index: Int) -> String? { "item \(index)" }
  subscript(row row: Int, column column: Int) -> Int? { row * 10 + column }
}

enum JSONDecoderStub {
  static func decode<T: Decodable>(_ type: T.Type, from key: String) throws -> T {
    guard let value = key as? T else { throw ProxyError(.creationFailed, access: ProxyAccess("decode"), message: key) }
    return value
  }
}

@MainActor final class MainScreen: Screen {
  var shown: [String] = []
  func show(_ title: String) { shown.append(title) }
}

final class Both: Derived {
  func ping() -> String? { "ping" }
  func pong() -> String? { "pong" }
}

struct ProxyableRuntimeTests {
  @Test func generatedForwardingReachesTheSubject() throws {
    let controller = Controller()
    let view: any ListView = WeakRefProxy(controller)
    view.display(["Mojito"], animated: true)
    #expect(view.selectedItem() == "Mojito")
    #expect(try view.reload() == 1)
  }

  @Test func whenTheSubjectIsGoneTheDocumentedFallbacksApply() {
    let view: any ListView = WeakRefProxy(Controller())
    view.display(["ignored"], animated: false)
    #expect(view.selectedItem() == nil)
    #expect(throws: ProxyError.self) { try view.reload() }
  }

  @Test func asyncGenericInoutClosuresOverloadsPropertiesAndSubscriptsForward() async throws {
    let backing = MemoryStore()
    let store: any Store = WeakRefProxy(backing)
    #expect(try await store.load(String.self, key: "k") == "k")
    await store.refresh()
    var value = 1
    store.update(&value)
    #expect(value == 11)
    #expect(store.apply { $0 * 3 } == 6)
    store.register { _ in }
    #expect(backing.handlers.count == 1)
    #expect(store.describe(42, "x") == "42")
    #expect(store.find(7) == "id 7")
    #expect(store.find("lime") == "name lime")
    #expect(store.name == "memory")
    store.count = 5
    #expect(store.count == 5)
    #expect(try await store.remote == "remote")
    #expect(store[3] == "item 3")
    #expect(store[row: 2, column: 4] == 24)
  }

  @Test func typedThrowsRethrowsAndSendableProtocolsForward() throws {
    let parser = DigitParser()
    let proxy: any Parser = WeakRefProxy(parser)
    #expect(try proxy.parse("42") == 42)
    #expect(throws: ParseFailure()) { try proxy.parse("x") }
    #expect(proxy.map { $0 * 5 } == 10)
    struct Stop: Error {}
    #expect(throws: Stop.self) { try proxy.map { _ in throw Stop() } }
  }

  @Test func associatedTypesAndStaticRequirementsForward() throws {
    let drinks = Drinks()
    let proxy = WeakRefProxy(drinks)
    #expect(proxy.item(for: "mojito") == "Mojito")
    #expect(try proxy.all() == ["Daiquiri", "Mojito"])
    #expect(WeakRefProxy<Drinks>.kind() == "drinks")
    #expect(WeakRefProxy<Drinks>.version == 3)
    func firstItem<C: Catalogue>(of catalogue: C, _ key: C.Key) -> C.Item? { catalogue.item(for: key) }
    #expect(firstItem(of: proxy, "daiquiri") == "Daiquiri")
  }

  @Test func lazyProxyBuildsItsSubjectOnFirstForwardedCall() {
    let made = LazyProxy { MemoryStore() }
    let store: any Store = made
    #expect(!made.isCreated)
    #expect(store.find(1) == "id 1")
    #expect(made.isCreated)
  }

  @Test func protectionProxyDeniesThroughTheGeneratedForwarding() {
    let view: any ListView = ProtectionProxy(Controller(), policy: { _ in .deny("read-only") })
    #expect(view.selectedItem() == nil)
    let error = #expect(throws: ProxyError.self) { try view.reload() }
    #expect(error?.code == .accessDenied)
  }

  @MainActor
  @Test func mainActorProtocolsForward() {
    let screen = MainScreen()
    let proxy: any Screen = WeakRefProxy(screen)
    proxy.show("List")
    #expect(screen.shown == ["List"])
  }

  @Test func inheritedProtocolsForwardWhenEachIsAnnotated() {
    let both = Both()
    let proxy: any Derived = WeakRefProxy(both)
    #expect(proxy.ping() == "ping")
    #expect(proxy.pong() == "pong")
  }

  @Test func theProxyIsReleasedWithItsOwnerAndDoesNotKeepTheSubject() {
    weak var released: Controller?
    var view: (any ListView)?
    do {
      let controller = Controller()
      released = controller
      view = WeakRefProxy(controller)
    }
    #expect(released == nil)
    #expect(view?.selectedItem() == nil)
  }
}
