// The realistic graphs of issue #34 in `surrogate-bench`: the server request graph
// (ServerGraph.swift) resolved three ways, the app screen (ScreenGraph.swift) from main-actor
// code, and a made singleton resolved with `await`; each beside the same objects by hand.
//   surrogate-bench graphs                       (times them: best of seven runs)
//   surrogate-bench profile server-flat 100000   (a fixed workload for callgrind)
//   surrogate-bench throughput [N] [RUNS]        (two threads against one, from one container)
import Foundation
import Surrogate
import Synchronization

/// A realistic-graph workload that `surrogate-bench profile` runs by name.
enum RealGraphScenario: String {
  case serverFlat = "server-flat"
  case serverAwaited = "server-awaited"
  case serverChild = "server-child"
  case serverScope = "server-scope"
  case serverScoped = "server-scoped"
  case scopeEndDisposals = "scope-end-disposals"
  case scopeEndPlain = "scope-end-plain"
  case serverArguments = "server-args"
  case handServer = "hand-server"
  case screen
  case handScreen = "hand-screen"
  case asyncSingleton = "async-singleton"
  case syncSingleton = "sync-singleton"
  case handSingleton = "hand-singleton"
}

/// What the realistic graphs resolve from, made once.
///
/// Called on the main thread by `main.swift`'s top-level code: the server graphs are resolved
/// from nonisolated code, as in a server; the screen on the main actor (`assumeIsolated`); the
/// async resolve in a task the main thread waits for. NB: the top-level code stays synchronous:
/// with an `await` in it, the main thread waits in `dispatch_main`, and valgrind 3.19 crashes
/// there.
struct RealGraphs: Sendable {
  let flat = makeServerContainer(.appFactory)
  let app = makeServerContainer(.childContainer)
  let scopedApp = makeServerContainer(.scope)
  let withArguments = makeServerContainer(.argument)
  let scopeEndDisposing = makeScopeEndContainer(disposing: true)
  let scopeEndPlain = makeScopeEndContainer(disposing: false)
  let serverSingletons = ServerSingletons()
  let info = RequestInfo.sample
  let screen = makeScreenContainer()
  let screenSingletons = ScreenSingletons()
  let singletons = Container()

  init() throws {
    singletons.register(.singleton) { Service() }
    // Made before anything is measured: these scenarios read a made singleton.
    _ = try singletons.resolve(Service.self)
  }

  /// Throws unless every graph, resolved each way, is wired as the hand-written code wires it.
  func checkWiring() throws {
    let handlers = [
      try flat.resolve(OrderHandler.self), try resolveOrderHandler(in: app, for: info),
      try resolveOrderHandler(inScopeOf: app, for: info), try resolveOrderHandler(inScopeOf: scopedApp, for: info),
      try withArguments.resolve(OrderHandler.self, arguments: info),
      handWiredOrderHandler(info: info, app: serverSingletons),
    ]
    let screensAreWired = try MainActor.assumeIsolated {
      isWiredAsByHand(try resolveProductList(from: screen)) && isWiredAsByHand(handWiredProductList(screenSingletons))
    }
    guard handlers.allSatisfy({ isWiredAsByHand($0, info: info) }), screensAreWired else { throw MiswiredGraph() }
  }

  /// Runs `iterations` of `scenario` and nothing else per iteration: a fixed workload for
  /// `valgrind --tool=callgrind`. The loop is picked before it starts.
  func profile(_ scenario: RealGraphScenario, iterations: Int) throws {
    let service = Service()
    switch scenario {
    case .serverFlat: for _ in 0..<iterations { blackHole(try flat.resolve(OrderHandler.self)) }
    case .serverAwaited:
      // What an `async` request handler's `try await container.resolve` runs: the same graph.
      try waitForTask { [flat] in
        for _ in 0..<iterations { blackHole(try await flat.resolve(OrderHandler.self)) }
      }
    case .serverChild: for _ in 0..<iterations { blackHole(try resolveOrderHandler(in: app, for: info)) }
    case .serverScope: for _ in 0..<iterations { blackHole(try resolveOrderHandler(inScopeOf: app, for: info)) }
    case .serverScoped:
      for _ in 0..<iterations { blackHole(try resolveOrderHandler(inScopeOf: scopedApp, for: info)) }
    case .scopeEndDisposals: for _ in 0..<iterations { blackHole(try endScopeWithThreeParts(of: scopeEndDisposing)) }
    case .scopeEndPlain: for _ in 0..<iterations { blackHole(try endScopeWithThreeParts(of: scopeEndPlain)) }
    case .serverArguments:
      for _ in 0..<iterations { blackHole(try withArguments.resolve(OrderHandler.self, arguments: info)) }
    case .handServer: for _ in 0..<iterations { blackHole(handWiredOrderHandler(info: info, app: serverSingletons)) }
    case .screen:
      try MainActor.assumeIsolated {
        for _ in 0..<iterations { blackHole(try resolveProductList(from: screen)) }
      }
    case .handScreen:
      MainActor.assumeIsolated {
        for _ in 0..<iterations { blackHole(handWiredProductList(screenSingletons)) }
      }
    case .asyncSingleton:
      try waitForTask { [singletons] in
        for _ in 0..<iterations { blackHole(try await singletons.resolve(Service.self)) }
      }
    case .syncSingleton: for _ in 0..<iterations { blackHole(try singletons.resolve(Service.self)) }
    case .handSingleton: for _ in 0..<iterations { blackHole(service) }
    }
  }

  /// Times every scenario, the container beside the hand-written code, and prints the ratios.
  func measureAll() throws {
    print("Realistic graphs (issue #34), best of 7 runs")
    let handServer = measure("hand-server: request graph by hand", iterations: 50_000) {
      blackHole(handWiredOrderHandler(info: info, app: serverSingletons))
    }
    let flat = try measure("server-flat: resolve(OrderHandler.self)", iterations: 50_000) {
      blackHole(try self.flat.resolve(OrderHandler.self))
    }
    let child = try measure("server-child: child container per request", iterations: 50_000) {
      blackHole(try resolveOrderHandler(in: app, for: info))
    }
    let arguments = try measure("server-args: resolve(arguments: info)", iterations: 50_000) {
      blackHole(try withArguments.resolve(OrderHandler.self, arguments: info))
    }
    let scope = try measure("server-scope: withScope per request", iterations: 50_000) {
      blackHole(try resolveOrderHandler(inScopeOf: app, for: info))
    }
    let scoped = try measure("server-scoped: withScope, .scoped session", iterations: 50_000) {
      blackHole(try resolveOrderHandler(inScopeOf: scopedApp, for: info))
    }
    let disposing = try measure("scope-end-disposals: three .scoped parts disposed", iterations: 50_000) {
      blackHole(try endScopeWithThreeParts(of: scopeEndDisposing))
    }
    let plain = try measure("scope-end-plain: three .scoped parts, no disposal", iterations: 50_000) {
      blackHole(try endScopeWithThreeParts(of: scopeEndPlain))
    }
    print(String(format: "   scope-end: %.0f ns for three disposals (target: at most 1,000 ns)", disposing - plain))
    print(String(format: "   server-scope ratio to server-flat: %.2fx (target: at most 1.25x)", scope / flat))
    for (name, time) in [
      ("server-flat", flat), ("server-child", child), ("server-args", arguments), ("server-scope", scope),
      ("server-scoped", scoped),
    ] {
      print(String(format: "   %@ ratio to hand-written: %.2fx", name, time / handServer))
    }
    let (handScreen, screen) = try MainActor.assumeIsolated {
      let hand = measure("hand-screen: screen by hand", iterations: 50_000) {
        blackHole(handWiredProductList(screenSingletons))
      }
      let resolved = try measure("screen: resolve from @MainActor code", iterations: 50_000) {
        blackHole(try resolveProductList(from: self.screen))
      }
      return (hand, resolved)
    }
    print(String(format: "   screen ratio to hand-written: %.2fx", screen / handScreen))
    let service = Service()
    let hand = measure("hand-singleton: a reference held by hand") { blackHole(service) }
    let sync = try measure("sync-singleton: resolve(Service.self)") { blackHole(try singletons.resolve(Service.self)) }
    let awaited = try waitForTask { [singletons] in
      try await measureAsync("async-singleton: await resolve(Service.self)") {
        blackHole(try await singletons.resolve(Service.self))
      }
    }
    print(String(format: "   async-singleton: %.1f ns over the sync resolve (%.1f ns by hand)", awaited - sync, hand))
  }
}

extension RealGraphs {
  /// Resolves from one container on one thread and then on two, and prints both throughputs and
  /// their ratio: what sharing the container costs threads that resolve at once.
  ///
  /// NB: the absolute rates move with the machine's load; compare two builds back to back, and
  /// the ratio of each to the hand-written row, not rates taken at different times.
  func measureThroughput(iterations: Int = 100_000, runs: Int = 5) {
    print("Throughput from one shared container, operations per second, best of \(runs) runs")
    let s1 = makeS1Container()
    let rows: [(String, @Sendable () throws -> Void)] = [
      (
        "S1 by hand",
        { blackHole(Presenter(view: View(), loader: NetworkLoader(), analytics: ConsoleAnalytics())) }
      ),
      ("S1", { blackHole(try s1.resolve(Presenter.self)) }),
      (
        "hand-server",
        { [serverSingletons, info] in blackHole(handWiredOrderHandler(info: info, app: serverSingletons)) }
      ),
      ("server-flat", { [flat] in blackHole(try flat.resolve(OrderHandler.self)) }),
      ("server-child", { [app, info] in blackHole(try resolveOrderHandler(in: app, for: info)) }),
      (
        "server-args",
        { [withArguments, info] in blackHole(try withArguments.resolve(OrderHandler.self, arguments: info)) }
      ),
      ("sync-singleton", { [singletons] in blackHole(try singletons.resolve(Service.self)) }),
    ]
    for (name, body) in rows {
      let one = Self.throughput(threads: 1, iterations: iterations, runs: runs) { _ in try body() }
      let two = Self.throughput(threads: 2, iterations: iterations, runs: runs) { _ in try body() }
      let line = "\(name): 1 thread \(Int(one)), 2 threads \(Int(two)) per second"
      print(line.padding(toLength: 64, withPad: " ", startingAt: 0), String(format: "%.2fx", two / one))
    }
  }

  /// The best rate, over `runs` runs, of `threads` threads each running `body` `iterations` times
  /// (`body` is passed its thread's index, from 0). S5 in main.swift measures with it too.
  ///
  /// NB: the best of many short runs, on a loaded machine, is the rate of a run in which both
  /// threads had a core: the one that shows what they cost each other.
  static func throughput(
    threads: Int, iterations: Int, runs: Int, _ body: @escaping @Sendable (Int) throws -> Void
  ) -> Double {
    var best = 0.0
    for _ in 0..<runs {
      let start = ContinuousClock.now
      let group = DispatchGroup()
      for thread in 0..<threads {
        group.enter()
        Thread {
          for _ in 0..<iterations { try? body(thread) }
          group.leave()
        }.start()
      }
      group.wait()
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      best = max(best, Double(threads * iterations) / seconds)
    }
    return best
  }
}

/// A realistic graph that is not wired as the hand-written code wires it: its numbers would not
/// compare like with like.
struct MiswiredGraph: Error {}

/// Runs `body` in a task of its own and blocks this thread until it returns.
func waitForTask<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
  let outcome = Mutex<Result<Value, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    let result: Result<Value, any Error>
    do { result = .success(try await body()) } catch { result = .failure(error) }
    outcome.withLock { $0 = result }
    done.signal()
  }
  done.wait()
  guard let result = outcome.withLock({ $0 }) else { preconditionFailure("the task signalled before it ended") }
  return try result.get()
}

/// `measure` for an `async` body: the best of several runs, in nanoseconds per operation.
func measureAsync(_ name: String, iterations: Int = 200_000, _ body: () async throws -> Void) async rethrows
  -> Double
{
  var best = Double.infinity
  for _ in 0..<7 {
    let start = ContinuousClock.now
    for _ in 0..<iterations { try await body() }
    let elapsed = ContinuousClock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    best = min(best, nanoseconds / Double(iterations))
  }
  print(name.padding(toLength: 48, withPad: " ", startingAt: 0), String(format: "%9.1f ns/op", best))
  return best
}

/// Runs what the command line asks of the realistic graphs (`graphs`, or `profile` with one of
/// their names and a count); `false` when it asks for none of them. Call it on the main thread.
func runRealGraphs(_ arguments: ArraySlice<String>) throws -> Bool {
  if arguments.first == "graphs" {
    let graphs = try RealGraphs()
    try graphs.checkWiring()
    try graphs.measureAll()
    return true
  }
  if arguments.first == "throughput" {
    let graphs = try RealGraphs()
    try graphs.checkWiring()
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    graphs.measureThroughput(iterations: numbers.first ?? 100_000, runs: numbers.dropFirst().first ?? 5)
    return true
  }
  guard arguments.first == "profile", let name = arguments.dropFirst().first,
    let scenario = RealGraphScenario(rawValue: name)
  else { return false }
  let iterations = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100_000
  let graphs = try RealGraphs()
  try graphs.checkWiring()
  try graphs.profile(scenario, iterations: iterations)
  return true
}
