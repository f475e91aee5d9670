import SurrogateMacros
import Synchronization

/// A protocol with one requirement of each shape an intercepting proxy must see the end of.
@Proxyable
protocol Pantry: AnyObject, Sendable {
  func stock(_ item: String)
  func firstItem() -> String?
  func count() throws -> Int
  func take(_ item: String) throws -> String
  func restock() async
  func fetch(_ item: String) async throws -> String
  func weigh(_ item: String) throws(OutOfStock) -> Int?
  var label: String? { get }
  var shelf: String? { get set }
  subscript(index: Int) -> String? { get }
}

extension InterceptingProxy: Pantry where Subject == any Pantry {}

struct OutOfStock: Error, Equatable {}

final class LocalPantry: Pantry {
  private let items = Mutex<[String]>(["flour"])
  private let shelfName = Mutex<String?>("top")
  func stock(_ item: String) { items.withLock(owner: self) { $0.append(item) } }
  func firstItem() -> String? { items.withLock(owner: self) { $0.first } }
  func count() throws -> Int { items.withLock(owner: self) { $0.count } }
  func take(_ item: String) throws -> String {
    try items.withLock(owner: self) { items in
      guard let index = items.firstIndex(of: item) else { throw OutOfStock() }
      return items.remove(at: index)
    }
  }
  func restock() async { stock("sugar") }
  func fetch(_ item: String) async throws -> String {
    try await Task.sleep(for: .milliseconds(20))
    return try take(item)
  }
  func weigh(_ item: String) throws(OutOfStock) -> Int? {
    guard items.withLock(owner: self, { $0.contains(item) }) else { throw OutOfStock() }
    return item.count * 100
  }
  var label: String? { "pantry" }
  var shelf: String? {
    get { shelfName.withLock(owner: self) { $0 } }
    set { shelfName.withLock(owner: self) { $0 = newValue } }
  }
  subscript(index: Int) -> String? { items.withLock(owner: self) { index < $0.count ? $0[index] : nil } }
}

/// Records what it is told, in order: `→ requirement` before a call, `← requirement` (or
/// `← requirement threw`) after it.
final class CallRecorder: ProxyInterceptor {
  let name: String
  private let events = Mutex<[String]>([])
  private let outcomes = Mutex<[ProxyCallOutcome]>([])

  init(_ name: String = "") { self.name = name }

  func willCall(_ access: ProxyAccess) { events.withLock(owner: self) { $0.append("\(name)→ \(access.requirement)") } }

  func didCall(_ outcome: ProxyCallOutcome) {
    outcomes.withLock(owner: self) { $0.append(outcome) }
    events.withLock(owner: self) { $0.append("\(name)← \(outcome.access.requirement)\(outcome.threw ? " threw" : "")") }
  }

  var recorded: [String] { events.withLock(owner: self) { $0 } }
  var lastOutcome: ProxyCallOutcome? { outcomes.withLock(owner: self) { $0.last } }
}

/// Wraps each call instead of hooking before and after it: runs it with a task-local value set.
struct RequirementInScope: ProxyInterceptor {
  @TaskLocal static var requirement: String?

  func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result {
    try Self.$requirement.withValue(access.requirement) { try call() }
  }

  nonisolated(nonsending) func intercept<Result>(
    _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result {
    try await Self.$requirement.withValue(access.requirement) { try await call() }
  }
}

/// Reads the task-local value while it is being called.
final class ScopeReader: Pantry {
  private let seen = Mutex<[String]>([])
  var recorded: [String] { seen.withLock(owner: self) { $0 } }
  private func note() { seen.withLock(owner: self) { $0.append(RequirementInScope.requirement ?? "none") } }
  func stock(_ item: String) { note() }
  func firstItem() -> String? { nil }
  func count() throws -> Int { 0 }
  func take(_ item: String) throws -> String { item }
  func restock() async { note() }
  func fetch(_ item: String) async throws -> String { item }
  func weigh(_ item: String) throws(OutOfStock) -> Int? { nil }
  var label: String? { nil }
  var shelf: String? {
    get { nil }
    set {}
  }
  subscript(index: Int) -> String? { nil }
}
