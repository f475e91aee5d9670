// swift-tools-version: 6.2
// 6.2: the sources use `weak let` (SE-0481), so an older toolchain stops here with a clear message.
import CompilerPluginSupport
import PackageDescription

// CI's sanitizer builds (.ci/run) set SURROGATE_MACRO_PLUGIN to a macro plugin built beforehand
// in debug. They then build no plugin and leave out the plugin's own tests, so they compile no
// swift-syntax under a sanitizer or -O (the longest compiles of the run); the code that uses the
// macros is still compiled by the same compiler, with the same plugin's expansions. Unset
// everywhere else.
let prebuiltMacroPlugin = Context.environment["SURROGATE_MACRO_PLUGIN"]
let usingTheMacros: [SwiftSetting] =
  prebuiltMacroPlugin.map {
    [.unsafeFlags(["-load-plugin-executable", "\($0)#SurrogateMacrosPlugin"])]
  } ?? []

// CI's release AddressSanitizer build also sets SURROGATE_UNOPTIMIZED_SUITE: the library and the
// smaller test targets (the macros' generated classes, leak checks, Dip's cases) are compiled with
// -O, the 24,500 lines of SurrogateTests and SurrogateConcurrencyTests without, file by file.
// Their whole-module -O compile was that build's longest step: over 16 minutes of CPU in one
// process (997 s without the sanitizer).
// The suite still runs against the optimised library, the code a user's release build links.
// Unset everywhere else.
let suiteSettings: [SwiftSetting] =
  Context.environment["SURROGATE_UNOPTIMIZED_SUITE"] == nil
  ? [] : [.unsafeFlags(["-Onone", "-no-whole-module-optimization"])]

// CI's ThreadSanitizer build (.ci/run) sets SURROGATE_THREADED_SUITES_ONLY: it builds the suites
// that run code on several threads at once (SurrogateConcurrencyTests, Dip's cases with their
// thread-safety tests, the leak checks) and leaves out SurrogateTests and the macros' tests, which
// run one thread at a time, where no race can happen (`.ci/run` fails when a file of
// SurrogateTests starts a thread or a task). The README's command and the AddressSanitizer build
// run every suite. Unset everywhere else.
let threadedSuitesOnly = Context.environment["SURROGATE_THREADED_SUITES_ONLY"] != nil

let package = Package(
  name: "Surrogate",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Surrogate", targets: ["Surrogate"]),
    .library(name: "SurrogateTesting", targets: ["SurrogateTesting"]),
    // The @Proxyable macro; only users who import it build swift-syntax.
    .library(name: "SurrogateMacros", targets: ["SurrogateMacros"]),
  ],
  // The only dependency. The demo (Demo/) and the side-by-side benchmarks (Benchmarks/) are
  // nested packages, so their dependencies never reach a client.
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"605.0.0")
  ],
  targets: [
    // The runtime: container, scopes, diagnostics. Depends on nothing but the standard library,
    // Synchronization and Dispatch, so users who skip macros never build swift-syntax.
    .target(name: "Surrogate"),
    // The macro declarations (and a re-export of the runtime the generated code uses).
    .target(
      name: "SurrogateMacros",
      dependencies: ["Surrogate"] + (prebuiltMacroPlugin == nil ? ["SurrogateMacrosPlugin"] : []),
      swiftSettings: usingTheMacros),
    // The macro implementation, run by the compiler.
    .macro(
      name: "SurrogateMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    // Test support users import in their own test targets: leak tracking and test traits.
    .target(name: "SurrogateTesting", dependencies: ["Surrogate"]),
    // A dependency-free micro benchmark so the core numbers can be checked with
    // `swift run -c release surrogate-bench`; the side-by-side suite lives in Benchmarks/.
    .executableTarget(name: "surrogate-bench", dependencies: ["Surrogate"], path: "Sources/SurrogateBench"),
    // What both of the library's suites share: fixtures, a lock, the hang guard. Not a product.
    .target(name: "SuiteSupport", dependencies: ["Surrogate"], path: "Tests/SuiteSupport"),
    // The tests that run the library on several threads or tasks at once (stress tests, races,
    // services, main-actor hops): ThreadSanitizer runs these.
    .testTarget(
      name: "SurrogateConcurrencyTests", dependencies: ["Surrogate", "SuiteSupport"], swiftSettings: suiteSettings),
    // Dip 7.1.1's own test cases, translated to Surrogate's API: the semantics Surrogate promises.
    .testTarget(name: "DipCompatibilityTests", dependencies: ["Surrogate"]),
    .testTarget(
      name: "SurrogateTestingTests", dependencies: ["SurrogateTesting", "Surrogate", "SurrogateMacros"],
      swiftSettings: usingTheMacros),
  ]
    + (threadedSuitesOnly
      ? []
      : [
        // Everything else the library does, on one thread at a time.
        .testTarget(name: "SurrogateTests", dependencies: ["Surrogate", "SuiteSupport"], swiftSettings: suiteSettings),
        // What the macros make, at run time: proxies, the compiled corpus, interception.
        .testTarget(
          name: "SurrogateMacrosTests", dependencies: ["SurrogateMacros"], swiftSettings: usingTheMacros),
      ])
    + (prebuiltMacroPlugin == nil
      ? [
        // The plugin itself: its expansions and diagnostics, source to source.
        .testTarget(
          name: "SurrogateMacrosPluginTests",
          dependencies: [
            "SurrogateMacrosPlugin",
            .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
          ])
      ] : []),
  swiftLanguageModes: [.v6]
)
