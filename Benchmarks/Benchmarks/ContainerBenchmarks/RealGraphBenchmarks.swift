// INVARIANT: `MainActorMeasurement` hands a `Benchmark`, which is not `Sendable`, to the main
// actor: only the main actor uses it then, while the benchmark's task is suspended awaiting it.

import Benchmark
import Surrogate

// The realistic graphs of issue #34, each beside the same objects wired by hand: a server's request
// graph (ServerGraph.swift) resolved three ways, an app screen (ScreenGraph.swift) resolved on the
// main actor, and a made singleton resolved with `await` next to the synchronous resolve.

/// Registers the realistic-graph benchmarks; names are "<scenario> <system>", as in the rest.
func registerRealGraphBenchmarks() {
  // MARK: server: eleven nodes, three of them app-wide singletons, the rest shared in the request

  let info = RequestInfo.sample
  let serverSingletons = ServerSingletons()
  // The same hand-written request beside each way of resolving it, so that each row has its ratio.
  for scenario in ["server-flat", "server-child", "server-args"] {
    Benchmark("\(scenario) hand-written") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(handWiredOrderHandler(info: info, app: serverSingletons)) }
    }
  }
  let flat = makeServerContainer(.appFactory)
  Benchmark("server-flat Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try flat.resolve(OrderHandler.self)) }
  }
  let app = makeServerContainer(.childContainer)
  Benchmark("server-child Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try resolveOrderHandler(in: app, for: info)) }
  }
  let withArguments = makeServerContainer(.argument)
  Benchmark("server-args Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try withArguments.resolve(OrderHandler.self, arguments: info)) }
  }
  // Issue #36's targets: a request's scope at most 1.25x "server-flat Surrogate", and ending a
  // scope with three disposals at most 1 µs over the same scope without them.
  let scoped = makeServerContainer(.childContainer)
  Benchmark("server-scope Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try resolveOrderHandler(inScopeOf: scoped, for: info)) }
  }
  let disposing = makeScopeEndContainer(disposing: true)
  Benchmark("scope-end three-disposals Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try endScopeWithThreeParts(of: disposing)) }
  }
  let plain = makeScopeEndContainer(disposing: false)
  Benchmark("scope-end no-disposals Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try endScopeWithThreeParts(of: plain)) }
  }

  // MARK: screen: a main-actor view controller and presenter, resolved on the main actor

  let screenSingletons = ScreenSingletons()
  Benchmark("screen hand-written") { benchmark async in
    await measureOnMainActor(benchmark) { blackHole(handWiredProductList(screenSingletons)) }
  }
  let screen = makeScreenContainer()
  Benchmark("screen Surrogate") { benchmark async throws in
    try await measureOnMainActor(benchmark) { blackHole(try resolveProductList(from: screen)) }
  }

  // MARK: a made singleton, resolved with `await` and without

  let service = Service()
  let singletons = Surrogate.Container()
  singletons.register(.singleton) { Service() }
  Benchmark("async-singleton hand-written") { benchmark async in
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(service) }
  }
  Benchmark("async-singleton Surrogate") { benchmark async throws in
    // Made before it is measured, and the task that runs the closure is not measured.
    _ = try await singletons.resolve(Service.self)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(try await singletons.resolve(Service.self)) }
  }
  Benchmark("sync-singleton hand-written") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(service) }
  }
  Benchmark("sync-singleton Surrogate") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try singletons.resolve(Service.self)) }
  }
}

/// The benchmark, for the main actor to start and stop its measurement (see the invariant above).
private struct MainActorMeasurement: @unchecked Sendable {  // no lock: one task at a time (see the invariant above)
  let benchmark: Benchmark
}

/// Runs `body` the benchmark's number of times on the main actor and measures only that: the hop
/// to the main actor and back is left out.
private func measureOnMainActor(_ benchmark: Benchmark, _ body: @escaping @MainActor @Sendable () throws -> Void)
  async rethrows
{
  let measurement = MainActorMeasurement(benchmark: benchmark)
  try await MainActor.run {
    measurement.benchmark.startMeasurement()
    for _ in measurement.benchmark.scaledIterations { try body() }
    measurement.benchmark.stopMeasurement()
  }
}
