import SuiteSupport
import Surrogate
import Testing

/// What a list or map says when it cannot be built, and what validation and the graph export see.
struct MultiBindingDiagnosticsTests {
  @Test func twoMembersOfAMapUnderOneKeyAreAnErrorNamingBothBeforeAnyIsBuilt() {
    let container = Container()
    let built = Counter()
    container.register(into: [String: any RouteModule].self, key: "orders") { () -> any RouteModule in
      built.increment()
      return NamedRoutes(path: "/orders")
    }
    container.register { NamedRoutes(path: "/orders/v2") }
      .contributes(to: [String: any RouteModule].self, key: "orders")
    let error = #expect(throws: ResolutionError.self) { try container.resolve([String: any RouteModule].self) }
    #expect(error?.code == .duplicateCollectionKey)
    #expect(
      error?.message.hasPrefix(
        "Dictionary<String, RouteModule> has two members under key \"orders\": RouteModule \"orders\" of "
          + "Dictionary<String, RouteModule> (SurrogateTests/MultiBindingDiagnosticsTests.swift:") == true,
      "\(error?.message ?? "")")
    #expect(error?.message.hasSuffix(" and NamedRoutes.") == true, "\(error?.message ?? "")")
    #expect(error?.pathDescription == "Dictionary<String, RouteModule> → NamedRoutes")
    #expect(error?.remedy.hasPrefix("Give each member of Dictionary<String, RouteModule> a key of its own") == true)
    #expect(error?.nearby.count == 2)
    #expect(built.value == 0)
  }

  @Test func aChildsMemberUnderItsParentsKeyIsAnError() throws {
    let app = Container()
    app.register(into: [String: any RouteModule].self, key: "orders") { NamedRoutes(path: "/orders") }
    let feature = Container(parent: app)
    feature.register(into: [String: any RouteModule].self, key: "orders") { NamedRoutes(path: "/feature") }
    let error = #expect(throws: ResolutionError.self) { try feature.resolve([String: any RouteModule].self) }
    #expect(error?.code == .duplicateCollectionKey)
    #expect(try app.resolve([String: any RouteModule].self).count == 1)
  }

  @Test func aMemberWithAMissingDependencyIsNamedInThePath() {
    let container = Container()
    container.register(into: [any HealthCheck].self) { DiskCheck() }
    let line = #line + 1
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([any HealthCheck].self) }
    #expect(error?.code == .definitionNotFound)
    #expect(
      error?.pathDescription
        == "Array<HealthCheck> → HealthCheck #2 of Array<HealthCheck> "
        + "(SurrogateTests/MultiBindingDiagnosticsTests.swift:\(line)) → CheckPool")
    #expect(error?.message == "No definition for CheckPool.")
  }

  @Test func aMemberWhoseFactoryThrowsIsTheFailingKey() {
    let container = Container()
    let line = #line + 1
    container.register(into: [any HealthCheck].self) { () throws -> any HealthCheck in throw CheckFailed() }
    container.register { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(HealthEndpoint.self) }
    let member = "HealthCheck #1 of Array<HealthCheck> (SurrogateTests/MultiBindingDiagnosticsTests.swift:\(line))"
    #expect(error?.code == .factoryFailed)
    #expect(error?.key.description == member)
    #expect(error?.pathDescription == "HealthEndpoint → Array<HealthCheck> → \(member)")
    #expect(error?.message == "The factory of \(member) threw CheckFailed: CheckFailed().")
    #expect(error?.cause is CheckFailed)
  }

  @Test func aContributedDefinitionThatIsNotAnElementIsInvalidType() {
    let container = Container()
    container.register { NotACheck() }.contributes(to: [any HealthCheck].self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve([any HealthCheck].self) }
    #expect(error?.code == .invalidType)
    #expect(
      error?.message
        == "NotACheck is contributed to Array<HealthCheck>, but its instance of type NotACheck is not a HealthCheck.")
    #expect(error?.pathDescription == "Array<HealthCheck> → NotACheck")
    #expect(
      error?.remedy
        == "Make NotACheck conform to HealthCheck, or remove `.contributes(to:)` from the registration of NotACheck.")
  }

  @Test func validateChecksEveryMemberNotOnlyTheFirstThatFails() {
    let container = Container()
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    container.register(into: [any HealthCheck].self) { DiskCheck() }
    container.register { NotACheck() }.contributes(to: [any HealthCheck].self)
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.definitionNotFound, .invalidType], "\(report)")
    let missing = report.problems.first { $0.code == .definitionNotFound }
    // Met from the member and from the list: one problem, breaking both.
    #expect(missing?.message.hasPrefix("No definition for CheckPool. It breaks 2 definitions:") == true)
    #expect(report.brokenDefinitions.count == 2)
    #expect(report.checked.count == 4, "the list, its two members and NotACheck: \(report.checked)")
  }

  @Test func validateWarnsWhenARequestedCollectionIsEmptyAndNamesWhatIsNotContributed() {
    let container = Container()
    container.register { CheckPool() }
    container.autowire(HealthEndpoint.init)
    container.register { DiskCheck() }.implements((any HealthCheck).self)
    let report = container.validate()
    let warning = report.warnings.first { $0.kind == .emptyCollection }
    #expect(warning?.path.map(\.description) == ["HealthEndpoint", "Array<HealthCheck>"])
    #expect(
      warning?.message
        == "Array<HealthCheck> resolved empty because nothing is contributed to it (HealthEndpoint → Array<HealthCheck>). "
        + "HealthCheck is registered but not contributed. Contribute its members with `container.register(into:)` or "
        + "`.contributes(to:)` on their definitions, or keep it empty on purpose.")
    #expect(report.isValid)
  }

  @Test func graphExportDrawsEachMemberWithAnEdgeFromItsList() {
    let container = Container()
    container.register { CheckPool() }
    let line = #line + 1
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    container.register(.singleton) { DiskCheck() }.contributes(to: [any HealthCheck].self)
    let graph = container.dependencyGraph()
    let member = "HealthCheck #1 of Array<HealthCheck> (SurrogateTests/MultiBindingDiagnosticsTests.swift:\(line))"
    #expect(graph.nodes.map(\.name) == ["Array<HealthCheck>", "CheckPool", "DiskCheck", member])
    let edges = Set(graph.edges.map { "\($0.from) -> \($0.to) as \($0.requested?.description ?? "-")" })
    #expect(
      edges == [
        "Array<HealthCheck> -> \(member) as HealthCheck", "Array<HealthCheck> -> DiskCheck as -",
        "\(member) -> CheckPool as -",
      ])
  }

  @Test func anAsyncMemberIsBuiltByAwaitAndASynchronousResolveNamesIt() async throws {
    let container = Container()
    container.register { _ async throws in NamedCheck("async") }.contributes(to: [any HealthCheck].self)
    container.register(into: [any HealthCheck].self) { NamedCheck("sync") }
    #expect(try await container.resolve([any HealthCheck].self).names == ["async", "sync"])
    let error = resolutionError { try container.resolve([any HealthCheck].self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "Array<HealthCheck> → NamedCheck")
    let report = await container.validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func anAsyncMemberIsAwaitedSoAUniqueMemberBeforeItIsMadeOnce() async throws {
    let container = Container()
    let unique = Counter()
    let shared = Counter()
    container.register(.unique, into: [any HealthCheck].self) { () -> any HealthCheck in
      unique.increment()
      return NamedCheck("unique")
    }
    container.register(into: [any HealthCheck].self) { () -> any HealthCheck in
      shared.increment()
      return NamedCheck("shared")
    }
    container.register { _ async throws in NamedCheck("async") }.contributes(to: [any HealthCheck].self)
    #expect(try await container.resolve([any HealthCheck].self).names == ["unique", "shared", "async"])
    #expect(unique.value == 1)
    #expect(shared.value == 1)
  }

  @Test func anAsyncMemberOfAMapIsAwaitedSoAUniqueMemberBeforeItIsMadeOnce() async throws {
    let container = Container()
    let unique = Counter()
    container.register(.unique, into: [String: any HealthCheck].self, key: "a") { () -> any HealthCheck in
      unique.increment()
      return NamedCheck("unique")
    }
    container.register { _ async throws in NamedCheck("async") }
      .contributes(to: [String: any HealthCheck].self, key: "b")
    let checks = try await container.resolve([String: any HealthCheck].self)
    #expect(checks.mapValues(\.name) == ["a": "unique", "b": "async"])
    #expect(unique.value == 1)
  }

  func mainActorChecks() -> Container {
    let container = Container()
    container.register { @MainActor _ in NamedCheck("main") }.contributes(to: [any HealthCheck].self)
    return container
  }

  @MainActor
  @Test func aMainActorMemberIsBuiltOnTheMainActor() throws {
    #expect(try mainActorChecks().resolve([any HealthCheck].self).names == ["main"])
  }

  @Test func aMainActorMemberOffTheMainActorIsAnErrorNamingItNotAnOmission() async throws {
    let container = mainActorChecks()
    let error = #expect(throws: ResolutionError.self) { try container.resolve([any HealthCheck].self) }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.pathDescription == "Array<HealthCheck> → NamedCheck")
    #expect(try await container.resolve([any HealthCheck].self).count == 1)
  }

  @Test func aMemberIsNotOfferedAsAnotherTagOfItsElementType() {
    let container = Container()
    container.register(into: [any HealthCheck].self) { DiskCheck() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any HealthCheck).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for HealthCheck.")
  }

  @Test func decoratingTheElementTypeLeavesMembersAlone() throws {
    let container = Container()
    container.register(into: [any HealthCheck].self) { DiskCheck() }
    container.register { NamedCheck("single") }.implements((any HealthCheck).self)
    container.decorate((any HealthCheck).self) { _, inner in NamedCheck("decorated " + inner.name) }
    #expect(try container.resolve((any HealthCheck).self).name == "decorated single")
    #expect(try container.resolve([any HealthCheck].self).names == ["disk"])
  }
}
