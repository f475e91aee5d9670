// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Surrogate",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Surrogate", targets: ["Surrogate"]),
    .library(name: "SurrogateTesting", targets: ["SurrogateTesting"]),
    .executable(name: "surrogate-demo", targets: ["SurrogateDemo"]),
  ],
  targets: [
    // The runtime: container, scopes, diagnostics. Depends on nothing but the standard library,
    // Synchronization and Dispatch, so users who skip macros never build swift-syntax.
    .target(name: "Surrogate"),
    // Test support users import in their own test targets: leak tracking and test traits.
    .target(name: "SurrogateTesting", dependencies: ["Surrogate"]),
    .executableTarget(name: "SurrogateDemo", dependencies: ["Surrogate", "SurrogateTesting"]),
    // A dependency-free micro benchmark so the core numbers can be checked with
    // `swift run -c release surrogate-bench`; the side-by-side suite lives in Benchmarks/.
    .executableTarget(name: "surrogate-bench", dependencies: ["Surrogate"], path: "Sources/SurrogateBench"),
    .testTarget(name: "SurrogateTests", dependencies: ["Surrogate"]),
    .testTarget(name: "SurrogateTestingTests", dependencies: ["SurrogateTesting", "Surrogate"]),
  ],
  swiftLanguageModes: [.v6]
)
