import SuiteSupport
import Surrogate
import Testing

private protocol Tariff: Sendable {}
private struct LiveTariff: Tariff {}
private struct Network {}
/// A tariff only a network makes: broken where no `Network` is registered.
private struct NetworkTariff: Tariff {
  init(network: Network) {}
}
private struct Ledger: Sendable {
  let tariff: any Tariff
}
private final class AnnualTariffs: Sendable {
  let tariff: any Tariff
  init(tariff: any Tariff) { self.tariff = tariff }
}

/// Inside `withOverrides`, `validate()` and the whole-container `dependencyGraph()` check and draw
/// what `resolve` makes for the current task: the overrides, and the container's definitions
/// resolved with them, from the overridden container, its scopes and its children.
struct ValidationWithOverridesTests {
  private func app() -> Container {
    let app = Container()
    app.register(type: (any Tariff).self) { LiveTariff() }
    app.register { r in Ledger(tariff: try r.resolve()) }
    return app
  }

  private func brokenTariff(_ overrides: Container) {
    overrides.register(type: (any Tariff).self) { r in NetworkTariff(network: try r.resolve()) }
  }

  /// The types reported missing, and the definitions each problem breaks.
  private static func missing(_ report: ValidationReport) -> Set<String> {
    Set(report.problems.filter { $0.code == .definitionNotFound }.map(\.key.description))
  }

  private static func broken(_ report: ValidationReport) -> Set<String> {
    Set(report.brokenDefinitions.map(\.description))
  }

  @Test func validateInsideOverridesReportsAnOverrideThatCannotBeBuilt() async throws {
    let app = app()
    let report = await app.withOverrides(brokenTariff) { await app.validate() }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(Self.broken(report) == ["Tariff", "Ledger"], "\(report)")
    await #expect(throws: ResolutionError.self) {
      try await app.withOverrides(brokenTariff) { try await app.resolve(Ledger.self) }
    }
    #expect(await app.validate().isValid)
  }

  @Test func synchronousValidateInsideOverridesReportsAnOverrideThatCannotBeBuilt() {
    let app = app()
    let report = app.withOverrides(brokenTariff) { app.validate() }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(Self.broken(report) == ["Tariff", "Ledger"], "\(report)")
    #expect(report.checked.count == 2)
  }

  @Test func validateInsideOverridesIsCleanWhenTheOverrideReplacesABrokenDefinition() {
    let app = Container()
    app.register(type: (any Tariff).self) { r in NetworkTariff(network: try r.resolve()) }
    app.register { r in Ledger(tariff: try r.resolve()) }
    #expect(!app.validate().isValid)
    let report = app.withOverrides({ $0.register(type: (any Tariff).self) { LiveTariff() } }) { app.validate() }
    #expect(report.isValid, "\(report)")
  }

  @Test func validateChecksWhatOnlyTheOverrideRegisters() {
    let app = app()
    let report = app.withOverrides({ $0.register(tag: "extra") { r in NetworkTariff(network: try r.resolve()) } }) {
      app.validate()
    }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(Self.broken(report) == [#"NetworkTariff tag "extra""#], "\(report)")
  }

  @Test func validateChecksEachMemberAnOverrideContributesToAList() {
    let app = Container()
    app.register(into: [any Tariff].self) { LiveTariff() }
    let report = app.withOverrides({ overrides in
      overrides.register(into: [any Tariff].self) { LiveTariff() }
      overrides.register(into: [any Tariff].self) { r in NetworkTariff(network: try r.resolve()) }
    }) {
      app.validate()
    }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(app.validate().isValid)
  }

  @Test func validateInAScopeSeesAnOverrideOfItsParent() async throws {
    let app = app()
    let report = try await app.withOverrides(brokenTariff) {
      try await app.withScope { scope in await scope.validate() }
    }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(Self.broken(report) == ["Tariff", "Ledger"], "\(report)")
  }

  @Test func aScopesValidationTakesATypeOnlyTheOverrideRegistersAsProvided() throws {
    let app = Container()
    app.declareScopeProvided(Network.self)
    app.register { r in NetworkTariff(network: try r.resolve()) }
    let outside = try app.withScope { scope in scope.validate() }
    #expect(Self.missing(outside) == ["Network"], "\(outside)")
    let inside = try app.withOverrides({ $0.register { Network() } }) {
      try app.withScope { scope in scope.validate() }
    }
    #expect(inside.isValid, "\(inside)")
  }

  @Test func validateOfAChildSeesAnOverrideOfItsParent() {
    let app = Container()
    app.register(type: (any Tariff).self) { LiveTariff() }
    let child = Container(parent: app)
    child.register { r in Ledger(tariff: try r.resolve()) }
    let report = app.withOverrides(brokenTariff) { child.validate() }
    #expect(Self.missing(report) == ["Network"], "\(report)")
    #expect(Self.broken(report) == ["Ledger"], "\(report)")
  }

  private func networkTariff(_ overrides: Container) {
    overrides.register { Network() }
    overrides.register(type: (any Tariff).self) { r in NetworkTariff(network: try r.resolve()) }
  }

  private static func edges(_ graph: DependencyGraph) -> Set<String> {
    Set(graph.edges.map { "\($0.from) -> \($0.to)" })
  }

  /// A singleton resolves its dependencies in its own container, ignoring overrides: validation
  /// warns of no captive for the override's shorter-lived definition of a type the singleton takes,
  /// while a definition that is not a singleton gets the override (outside client 37, S41: the
  /// warning read the override's scope for the key the singleton's own definition answered, when
  /// the override's definition was checked after the singleton: `AnnualTariffs` sorts first).
  @Test func aSingletonTakingAnOverriddenTypeIsNoCaptiveOfTheOverride() async throws {
    let app = Container()
    app.register(.singleton, type: (any Tariff).self) { LiveTariff() }
    app.autowire(.singleton, AnnualTariffs.init)
    app.register { r in Ledger(tariff: try r.resolve()) }
    let override: @Sendable (Container) -> Void = {
      $0.register(type: (any Tariff).self) { NetworkTariff(network: Network()) }
    }
    let (report, cache, ledger) = try app.withOverrides(override) {
      (app.validate(), try app.resolve(AnnualTariffs.self), try app.resolve(Ledger.self))
    }
    #expect(cache.tariff is LiveTariff)
    #expect(ledger.tariff is NetworkTariff)
    #expect(report.isValid, "\(report)")
    #expect(!report.warnings.contains { $0.kind == .captiveDependency }, "\(report)")
    let awaited = await app.withOverrides(override) { await app.validate() }
    #expect(!awaited.warnings.contains { $0.kind == .captiveDependency }, "\(awaited)")
    // The same override of a definition the singleton does take from its own container is one.
    app.register(.unique, type: (any Tariff).self) { LiveTariff() }
    let replaced = { app.validate() }()
    #expect(replaced.warnings.map(\.kind) == [.captiveDependency], "\(replaced)")
  }

  @Test func theWholeGraphInsideOverridesDrawsTheOverrides() {
    let app = app()
    let drawn = Self.edges(app.withOverrides(networkTariff) { app.dependencyGraph() })
    #expect(drawn.contains("Tariff -> Network"), "\(drawn)")
    #expect(drawn.contains("Ledger -> Tariff"), "\(drawn)")
    #expect(!Self.edges(app.dependencyGraph()).contains("Tariff -> Network"))
  }

  @Test func theAwaitedWholeGraphInsideOverridesDrawsTheOverrides() async {
    let app = app()
    let drawn = Self.edges(await app.withOverrides(networkTariff) { await app.dependencyGraph() })
    #expect(drawn.contains("Tariff -> Network"), "\(drawn)")
    #expect(drawn.contains("Ledger -> Tariff"), "\(drawn)")
  }
}
