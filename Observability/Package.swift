// swift-tools-version: 6.2
// SurrogateObservability: ready-made interceptors for `InterceptingProxy` built on swift-log,
// swift-metrics and swift-distributed-tracing. A nested package, so that these dependencies never
// reach a client of the Surrogate runtime, which keeps depending on nothing.
import PackageDescription

let package = Package(
  name: "SurrogateObservability",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SurrogateObservability", targets: ["SurrogateObservability"])
  ],
  dependencies: [
    .package(name: "Surrogate", path: ".."),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
  ],
  targets: [
    .target(
      name: "SurrogateObservability",
      dependencies: [
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]),
    // Proved with the libraries' own test backends: InMemoryLogging, MetricsTestKit and
    // InMemoryTracing.
    .testTarget(
      name: "SurrogateObservabilityTests",
      dependencies: [
        "SurrogateObservability",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
