// swift-tools-version: 6.2
// SurrogateServiceLifecycle: runs a container's services in a swift-service-lifecycle
// `ServiceGroup`, dependencies first, with graceful shutdown. A nested package, so that these
// dependencies never reach a client of the Surrogate runtime, which keeps depending on nothing.
import PackageDescription

let package = Package(
  name: "SurrogateServiceLifecycle",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SurrogateServiceLifecycle", targets: ["SurrogateServiceLifecycle"])
  ],
  dependencies: [
    .package(name: "Surrogate", path: ".."),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    .target(
      name: "SurrogateServiceLifecycle",
      dependencies: [
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Graceful shutdown is triggered with the library's own ServiceLifecycleTestKit.
    .testTarget(
      name: "SurrogateServiceLifecycleTests",
      dependencies: [
        "SurrogateServiceLifecycle",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
