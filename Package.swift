// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Surrogate",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Surrogate", targets: ["Surrogate"]),
    .library(name: "SurrogateTesting", targets: ["SurrogateTesting"]),
    // The @Proxyable macro; only users who import it build swift-syntax.
    .library(name: "SurrogateMacros", targets: ["SurrogateMacros"]),
    .executable(name: "surrogate-demo", targets: ["SurrogateDemo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    // Only the demo uses these: the command line and the loopback catalogue server.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // The runtime: container, scopes, diagnostics. Depends on nothing but the standard library,
    // Synchronization and Dispatch, so users who skip macros never build swift-syntax.
    .target(name: "Surrogate"),
    // The macro declarations (and a re-export of the runtime the generated code uses).
    .target(name: "SurrogateMacros", dependencies: ["Surrogate", "SurrogateMacrosPlugin"]),
    // The macro implementation, run by the compiler.
    .macro(
      name: "SurrogateMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    // Test support users import in their own test targets: leak tracking and test traits.
    .target(name: "SurrogateTesting", dependencies: ["Surrogate"]),
    // The demo's cocktail browser: an MVP screen composed with the container, every proxy kind,
    // and a loopback server over bundled data. Not a product: it exists to show the package.
    .target(
      name: "CocktailKit",
      dependencies: [
        "Surrogate", "SurrogateMacros", "SurrogateTesting",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      resources: [.copy("Resources/cocktails.json")]),
    .executableTarget(
      name: "SurrogateDemo",
      dependencies: [
        "CocktailKit", "Surrogate", "SurrogateTesting",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // A dependency-free micro benchmark so the core numbers can be checked with
    // `swift run -c release surrogate-bench`; the side-by-side suite lives in Benchmarks/.
    .executableTarget(name: "surrogate-bench", dependencies: ["Surrogate"], path: "Sources/SurrogateBench"),
    .testTarget(name: "SurrogateTests", dependencies: ["Surrogate"]),
    // Dip 7.1.1's own test cases, translated to Surrogate's API: the semantics Surrogate promises.
    .testTarget(name: "DipCompatibilityTests", dependencies: ["Surrogate"]),
    .testTarget(
      name: "CocktailKitTests",
      dependencies: ["CocktailKit", "SurrogateTesting", .product(name: "FlyingFox", package: "FlyingFox")]),
    .testTarget(name: "SurrogateTestingTests", dependencies: ["SurrogateTesting", "Surrogate"]),
    .testTarget(
      name: "SurrogateMacrosTests",
      dependencies: [
        "SurrogateMacros", "SurrogateMacrosPlugin",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
