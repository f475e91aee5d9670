import SuiteSupport
import Surrogate
import Testing

/// `validate()` says when a list is resolved from one container of a collaboration while others
/// hold members of it too: those members are not in it (lists of collaborators are not joined),
/// which a plugin host that expected them (outside client 27) learned only by counting.
struct CollaboratorMembersLeftOutTests {
  private func leftOut(_ report: ValidationReport) -> [ValidationWarning] {
    report.warnings.filter { $0.kind == .collaboratorMembersLeftOut }
  }

  @Test func aHostWithItsOwnMembersIsWarnedOfAPluginsMembersItsListLeavesOut() throws {
    let plugin = Container()
    plugin.register(into: [any HealthCheck].self) { NamedCheck("plugin") }
    let host = Container()
    host.register(into: [any HealthCheck].self) { NamedCheck("host") }
    host.collaborate(with: plugin)
    #expect(try host.resolve([any HealthCheck].self).map(\.name) == ["host"])
    let warnings = leftOut(host.validate())
    #expect(warnings.count == 1, "\(host.validate().warnings)")
    #expect(warnings.first?.path == [DefinitionKey(type: [any HealthCheck].self)])
    let message = warnings.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "Array<HealthCheck> is resolved from one container of a collaboration, and a member registered in another "
          + "is not in it: HealthCheck #1 of Array<HealthCheck> (SurrogateTests/CollaboratorMembersLeftOutTests.swift:"),
      "\(message)")
    #expect(message.contains("contribute it to the container whose list you resolve"), "\(message)")
  }

  /// The remedy, applied as worded: the plugin's member becomes a definition of its own, which the
  /// host's list resolves through the collaboration (outside client 37: "register(into:) there,
  /// resolving it from the container that defines it" found no definition of the member's type, and
  /// the warning stayed while the plugin's own list kept it).
  @Test func aHostThatFollowsTheRemedyGetsThePluginsMemberAndNoWarning() throws {
    let plugin = Container()
    plugin.register { NamedCheck("plugin") }
    let host = Container()
    host.register(into: [any HealthCheck].self) { NamedCheck("host") }
    host.register(into: [any HealthCheck].self) { r in try r.resolve(NamedCheck.self) }
    host.collaborate(with: plugin)
    #expect(try host.resolve([any HealthCheck].self).map(\.name) == ["host", "plugin"])
    #expect(leftOut(host.validate()).isEmpty, "\(host.validate().warnings)")
    let before = Container()
    before.register(into: [any HealthCheck].self) { NamedCheck("plugin") }
    let message = try #require(
      leftOut(
        {
          host.collaborate(with: before); return host.validate()
        }()
      ).first
    ).message
    #expect(message.contains("as a definition of its own (`register { ... }`"), "\(message)")
    #expect(message.contains("`register(into: Array<HealthCheck>.self) { r in try r.resolve(...) }`"), "\(message)")
  }

  @Test func withoutMembersOfItsOwnAContainerIsWarnedOfTheSecondCollaboratorsMembers() throws {
    let first = Container()
    first.register(into: [any HealthCheck].self) { NamedCheck("first") }
    let second = Container()
    second.register(into: [any HealthCheck].self) { NamedCheck("second") }
    second.register { NamedCheck("also second") }.contributes(to: [any HealthCheck].self)
    let endpoint = Container()
    endpoint.register { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    endpoint.collaborate(with: first, second)
    #expect(try endpoint.resolve(HealthEndpoint.self).checks.map(\.name) == ["first"])
    let warnings = leftOut(endpoint.validate())
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("2 members registered in another are not in it") == true)
    #expect(warnings.first?.message.contains("NamedCheck") == true, "\(warnings.first?.message ?? "")")
  }

  @Test func oneCollaboratorWithMembersOrCollaboratorsSharingTheParentThatHasThemIsNoWarning() throws {
    let single = Container()
    single.register(into: [any HealthCheck].self) { NamedCheck("shared") }
    let app = Container()
    app.register { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    app.collaborate(with: single)
    #expect(leftOut(app.validate()).isEmpty)
    let left = Container(parent: single)
    let right = Container(parent: single)
    let host = Container()
    host.register { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    host.collaborate(with: left, right)
    #expect(try host.resolve(HealthEndpoint.self).checks.map(\.name) == ["shared"])
    #expect(leftOut(host.validate()).isEmpty, "\(host.validate().warnings)")
  }

  @Test func aListNobodyAsksForIsNoWarning() {
    let plugin = Container()
    plugin.register(into: [any HealthCheck].self) { NamedCheck("plugin") }
    let host = Container()
    host.register { CheckPool() }
    host.collaborate(with: plugin)
    #expect(leftOut(host.validate()).isEmpty)
  }

  /// A screen's child container of the host, checked awaited: it gets the host's list, and the
  /// plugin's member is still left out.
  @Test func aChildOfTheHostValidatedAwaitedIsWarnedToo() async throws {
    let plugin = Container()
    plugin.register(into: [any HealthCheck].self) { NamedCheck("plugin") }
    let host = Container()
    host.register(into: [any HealthCheck].self) { NamedCheck("host") }
    host.collaborate(with: plugin)
    let screen = Container(parent: host)
    screen.register { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    let report = await screen.validate()
    #expect(try await screen.resolve(HealthEndpoint.self).checks.map(\.name) == ["host"])
    #expect(leftOut(report).count == 1)
  }
}
