// swift-tools-version: 6.2
// SurrogateHummingbird: a container scope per Hummingbird 2 request, ended (its instances
// disposed) when the handler has answered, success or error; and an example server composed by
// the container. A nested package, so that Hummingbird and SwiftNIO never reach a client of the
// Surrogate runtime, which keeps depending on nothing.
import PackageDescription

let package = Package(
  name: "SurrogateHummingbird",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
  products: [
    .library(name: "SurrogateHummingbird", targets: ["SurrogateHummingbird"]),
    .executable(name: "surrogate-notes-server", targets: ["surrogate-notes-server"]),
  ],
  dependencies: [
    .package(name: "Surrogate", path: ".."),
    .package(name: "SurrogateServiceLifecycle", path: "../ServiceLifecycle"),
    // NB: no default traits: they add swift-configuration and the full Foundation, which nothing
    // here uses (a shorter first build).
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
  ],
  targets: [
    .target(
      name: "SurrogateHummingbird",
      dependencies: [
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The example: a notes service, a unit of work per request, a pool and two long-running
    // services. A library so that the tests start it in-process.
    .target(
      name: "NotesServer",
      dependencies: [
        "SurrogateHummingbird",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "SurrogateServiceLifecycle", package: "SurrogateServiceLifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "surrogate-notes-server",
      dependencies: ["NotesServer", .product(name: "Logging", package: "swift-log")]),
    // Real HTTP over 127.0.0.1, with a small SwiftNIO client (HummingbirdTesting would build
    // async-http-client and swift-nio-ssl).
    .testTarget(
      name: "SurrogateHummingbirdTests",
      dependencies: [
        "SurrogateHummingbird", "NotesServer",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "SurrogateServiceLifecycle", package: "SurrogateServiceLifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
