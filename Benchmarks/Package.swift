// swift-tools-version: 6.3
// Side-by-side benchmarks: Surrogate, Swinject and hand-written composition, in one run.
// A nested package so that none of its dependencies reach Surrogate's users.
import PackageDescription

let package = Package(
  name: "SurrogateBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Surrogate", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "ContainerBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      path: "Benchmarks/ContainerBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Registering 100,000 new types, one system per fresh process (see its header). Not in a
    // folder named Benchmarks: the benchmark plugin runs every executable target whose folder's
    // parent has that name (this package's own folder included).
    .executableTarget(
      name: "fresh-types",
      dependencies: [
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      path: "Tools/FreshTypes"
    ),
  ],
  swiftLanguageModes: [.v6]
)
