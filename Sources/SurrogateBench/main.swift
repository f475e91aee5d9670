// A dependency-free micro benchmark of the container's hot paths, for quick checks while
// changing the core: `swift run -c release surrogate-bench`. The side-by-side comparison with
// Swinject lives in the Benchmarks/ package.
import Foundation
import Surrogate

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
/// S2-like: a screen whose two parts share one store within the graph.
final class Store {}
final class Part {
  let store: Store
  init(store: Store) { self.store = store }
}
final class Screen {
  let left: Part
  let right: Part
  init(left: Part, right: Part) {
    self.left = left
    self.right = right
  }
}

/// P1: a call through a proxy next to a direct call.
protocol Counting: AnyObject { func tick() }
final class Ticker: Counting {
  var count = 0
  func tick() { count &+= 1 }
}
extension Counting where Self: Proxy, Self.Subject: Counting {
  func tick() { withSubject(for: ProxyAccess("tick()")) { $0.tick() } }
}
extension WeakRefProxy: Counting where T: Counting {}
/// The hand-written weak forwarder: the floor of any call through a `weak` reference.
final class WeakTicker: Counting {
  weak var base: Ticker?
  init(_ base: Ticker) { self.base = base }
  func tick() { base?.tick() }
}
extension LazyProxy: Counting where Subject: Counting {}

/// Keeps the optimiser from deleting the measured work.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// The best of several runs, in nanoseconds per operation.
func measure(_ name: String, iterations: Int = 200_000, _ body: () throws -> Void) rethrows -> Double {
  var best = Double.infinity
  for _ in 0..<7 {
    let start = ContinuousClock.now
    for _ in 0..<iterations { try body() }
    let elapsed = ContinuousClock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    best = min(best, nanoseconds / Double(iterations))
  }
  print(name.padding(toLength: 48, withPad: " ", startingAt: 0), String(format: "%9.1f ns/op", best))
  return best
}

/// Registers `count` distinct types (nested generics) under one container.
enum Left<T> {}
enum Right<T> {}
func registerDistinctTypes<T>(_ type: T.Type, depth: Int, into container: Container, remaining: inout Int) {
  guard remaining > 0 else { return }
  container.register(.singleton) { Service() }.implements(T.self)
  remaining -= 1
  guard depth > 0 else { return }
  registerDistinctTypes(Left<T>.self, depth: depth - 1, into: container, remaining: &remaining)
  registerDistinctTypes(Right<T>.self, depth: depth - 1, into: container, remaining: &remaining)
}

func lookupCost(registrations: Int) throws -> Double {
  let container = Container()
  var remaining = registrations
  registerDistinctTypes(Int.self, depth: 17, into: container, remaining: &remaining)
  container.register(.singleton) { Service() }
  return try measure("S4 singleton lookup among \(registrations) types") {
    blackHole(try container.resolve(Service.self))
  }
}

func main() throws {
  let container = Container()
  container.register(.unique, type: (any ViewProtocol).self) { View() }
  container.register(.unique, type: (any Loader).self) { NetworkLoader() }
  container.register(.unique, type: (any Analytics).self) { ConsoleAnalytics() }
  container.register(.unique) { r in
    Presenter(view: try r.resolve(), loader: try r.resolve(), analytics: try r.resolve())
  }
  container.register(.singleton) { Service() }
  container.register(.singleton, tag: "live") { Service() }
  container.register(.shared) { Store() }
  container.register(.unique) { r in Part(store: try r.resolve()) }
  container.register(.unique) { r in Screen(left: try r.resolve(), right: try r.resolve()) }

  if CommandLine.arguments.dropFirst().first == "profile-p1" {
    let proxy: any Counting = WeakRefProxy(Ticker())
    let keep = (proxy as! WeakRefProxy<Ticker>).object
    for _ in 0..<100_000 { proxy.tick() }
    blackHole(keep)
    return
  }
  if CommandLine.arguments.dropFirst().first == "profile" {
    // A fixed workload for `valgrind --tool=callgrind`, one scenario per run, picked before the
    // loop so that the harness adds nothing per iteration.
    let which = CommandLine.arguments.dropFirst(2).first ?? "s1"
    let iterations = Int(CommandLine.arguments.dropFirst(3).first ?? "") ?? 100_000
    let body: () throws -> Void
    switch which {
    case "s2": body = { blackHole(try container.resolve(Screen.self)) }
    case "s3": body = { blackHole(try container.resolve(Service.self)) }
    case "s3t": body = { blackHole(try container.resolve(Service.self, tag: "live")) }
    case "hand": body = { blackHole(Presenter(view: View(), loader: NetworkLoader(), analytics: ConsoleAnalytics())) }
    default: body = { blackHole(try container.resolve(Presenter.self)) }
    }
    for _ in 0..<iterations { try body() }
    return
  }
  print("Surrogate micro benchmark (release build, best of 7 runs)")
  let hand = measure("S1 hand-written Presenter(view:loader:analytics:)") {
    blackHole(Presenter(view: View(), loader: NetworkLoader(), analytics: ConsoleAnalytics()))
  }
  let s1 = try measure("S1 container.resolve(Presenter.self)") {
    blackHole(try container.resolve(Presenter.self))
  }
  print(String(format: "   S1 ratio to hand-written: %.2fx (target ≤ 2.5x)", s1 / hand))
  let handShared = measure("S2-like hand-written Screen(left:right:)") {
    let store = Store()
    blackHole(Screen(left: Part(store: store), right: Part(store: store)))
  }
  let shared = try measure("S2-like resolve(Screen.self), shared Store") {
    blackHole(try container.resolve(Screen.self))
  }
  print(String(format: "   S2-like ratio to hand-written: %.2fx", shared / handShared))
  _ = try measure("S3 singleton lookup") { blackHole(try container.resolve(Service.self)) }
  _ = try measure("S3 tagged singleton lookup (tag: \"live\")") {
    blackHole(try container.resolve(Service.self, tag: "live"))
  }
  let small = try lookupCost(registrations: 10)
  _ = try lookupCost(registrations: 1_000)
  let large = try lookupCost(registrations: 100_000)
  print(String(format: "   S4 ratio 100,000 / 10 registrations: %.2fx (target ≤ 1.3x)", large / small))

  let ticker = Ticker()
  // Picked at run time so the optimiser cannot devirtualise the direct call.
  let candidates: [any Counting] = [ticker, Ticker()]
  let direct = candidates[CommandLine.arguments.count > 5 ? 1 : 0]
  let weakProxy: any Counting = WeakRefProxy(ticker)
  let lazyProxy: any Counting = LazyProxy { Ticker() }
  let p1Direct = measure("P1 direct call through any Counting", iterations: 2_000_000) { direct.tick() }
  let weakForwarder: any Counting = WeakTicker(ticker)
  let p1Forwarder = measure("P1 hand-written weak forwarder", iterations: 2_000_000) { weakForwarder.tick() }
  let p1Weak = measure("P1 call through WeakRefProxy", iterations: 2_000_000) { weakProxy.tick() }
  _ = measure("P1 call through LazyProxy (after first use)", iterations: 2_000_000) { lazyProxy.tick() }
  print(String(format: "   P1 WeakRefProxy overhead: %.1f ns over a direct call (target ≤ 2 ns), %.1f ns over a hand-written weak forwarder", p1Weak - p1Direct, p1Weak - p1Forwarder))

  let start = ContinuousClock.now
  let big = Container()
  for index in 0..<100_000 { big.register(.singleton, tag: index) { Service() } }
  print("S4 register 100,000 tagged definitions".padding(toLength: 48, withPad: " ", startingAt: 0), ContinuousClock.now - start)
  blackHole(big)
}

try main()
