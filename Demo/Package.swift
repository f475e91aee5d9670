// swift-tools-version: 6.2
// The demo: a terminal cocktail browser composed with Surrogate, and its tests.
// A nested package so that its dependencies (the command line and the loopback HTTP server) never
// reach Surrogate's clients. Run it from the repository root with
// `swift run --package-path Demo surrogate-demo`.
import PackageDescription

// CI's ThreadSanitizer build sets SURROGATE_MACRO_PLUGIN to a macro plugin built beforehand (see
// Surrogate's Package.swift): the targets that use the macros load it, and no swift-syntax is
// compiled under the sanitizer. Unset everywhere else.
let usingTheMacros: [String] =
  Context.environment["SURROGATE_MACRO_PLUGIN"].map {
    ["-load-plugin-executable", "\($0)#SurrogateMacrosPlugin"]
  } ?? []

let package = Package(
  name: "SurrogateDemo",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .executable(name: "surrogate-demo", targets: ["SurrogateDemo"])
  ],
  dependencies: [
    .package(name: "Surrogate", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // The cocktail browser: an MVP screen composed with the container, every proxy kind, and a
    // loopback server over bundled data.
    .target(
      name: "CocktailKit",
      dependencies: [
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "SurrogateMacros", package: "Surrogate"),
        .product(name: "SurrogateTesting", package: "Surrogate"),
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      resources: [.copy("Resources/cocktails.json")],
      // NB: the demo's tests read its internals (`@testable import CocktailKit`); testability in
      // every configuration lets `swift build -c release --build-tests` build them too.
      swiftSettings: [.unsafeFlags(["-enable-testing"] + usingTheMacros)]),
    .executableTarget(
      name: "SurrogateDemo",
      dependencies: [
        "CocktailKit",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "SurrogateTesting", package: "Surrogate"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "CocktailKitTests",
      dependencies: [
        "CocktailKit",
        .product(name: "Surrogate", package: "Surrogate"),
        .product(name: "SurrogateTesting", package: "Surrogate"),
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
