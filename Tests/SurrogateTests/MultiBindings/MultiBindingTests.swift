import SuiteSupport
import Surrogate
import Testing

/// Multi-bindings: several registrations that make one list or map, built in the graph that asks.
struct MultiBindingTests {
  @Test func membersAreBuiltInTheOrderTheyWereContributed() throws {
    let container = Container()
    container.register(into: [any HealthCheck].self) { NamedCheck("first") }
    container.register { NamedCheck("second") }.contributes(to: [any HealthCheck].self)
    container.register(into: [any HealthCheck].self) { _ in NamedCheck("third") }
    #expect(try container.resolve([any HealthCheck].self).names == ["first", "second", "third"])
  }

  @Test func membersFromTwoAssembliesJoinOneList() throws {
    let container = Container()
    container.register(.shared) { CheckPool() }
    container.assemble(StorageChecksAssembly(), NetworkChecksAssembly())
    #expect(try container.resolve([any HealthCheck].self).names == ["database", "disk", "network"])
  }

  @Test func aChildsListIsItsParentsMembersThenItsOwn() throws {
    let app = Container()
    app.register(into: [any HealthCheck].self) { NamedCheck("app") }
    let feature = Container(parent: app)
    feature.register(into: [any HealthCheck].self) { NamedCheck("feature") }
    app.register(into: [any HealthCheck].self) { NamedCheck("app, later") }
    #expect(try feature.resolve([any HealthCheck].self).names == ["app", "app, later", "feature"])
    #expect(try app.resolve([any HealthCheck].self).names == ["app", "app, later"])
  }

  @Test func aParentNeverSeesItsChildsMembers() throws {
    let app = Container()
    let feature = Container(parent: app)
    feature.register(into: [any HealthCheck].self) { NamedCheck("feature") }
    feature.register(into: [String: any RouteModule].self, key: "feature") { NamedRoutes(path: "/feature") }
    #expect(try app.resolve([any HealthCheck].self).isEmpty)
    #expect(try app.resolve([String: any RouteModule].self).isEmpty)
    // A child without members of its own gets its parent's.
    app.register(into: [any HealthCheck].self) { NamedCheck("app") }
    #expect(try Container(parent: app).resolve([any HealthCheck].self).names == ["app"])
  }

  @Test func aParentsSingletonGetsOnlyTheParentsMembersEvenWhenAChildAsks() throws {
    let app = Container()
    app.register(into: [any HealthCheck].self) { NamedCheck("app") }
    app.register(.singleton) { r in HealthEndpoint(checks: try r.resolve(), pool: CheckPool()) }
    let feature = Container(parent: app)
    feature.register(into: [any HealthCheck].self) { NamedCheck("feature") }
    #expect(try feature.resolve(HealthEndpoint.self).checks.names == ["app"])
  }

  @Test func aContributedDefinitionIsRequestedByItsKeySoAChildsRegistrationAnswersTheChildsList() throws {
    let app = Container()
    app.register(tag: "named") { NamedCheck("app") }.contributes(to: [any HealthCheck].self)
    let feature = Container(parent: app)
    feature.register(tag: "named") { NamedCheck("feature") }
    #expect(try feature.resolve([any HealthCheck].self).names == ["feature"])
    #expect(try app.resolve([any HealthCheck].self).names == ["app"])
  }

  @Test func aSharedMemberIsTheInstanceTheRestOfTheGraphGets() throws {
    let container = Container()
    container.register(.shared) { CheckPool() }
    container.register(.shared) { r in DatabaseCheck(pool: try r.resolve()) }
      .contributes(to: [any HealthCheck].self)
    container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
    container.register { r in (try r.resolve(DatabaseCheck.self), try r.resolve(HealthEndpoint.self)) }
    container.autowire(HealthEndpoint.init)
    let (database, endpoint) = try container.resolve((DatabaseCheck, HealthEndpoint).self)
    // The contributed definition is the graph's `.shared` instance ...
    #expect(endpoint.checks[0] === database)
    // ... and a member registered into the list resolves the graph's `.shared` pool.
    #expect((endpoint.checks[1] as? DatabaseCheck)?.pool === endpoint.pool)
    #expect(database.pool === endpoint.pool)
  }

  @Test func theListIsBuiltOncePerGraphAndEachMemberKeepsItsScope() throws {
    let container = Container()
    container.register(.unique, into: [any HealthCheck].self) { NamedCheck("unique") }
    container.register(.singleton, into: [any HealthCheck].self) { NamedCheck("singleton") }
    container.register { r in [try r.resolve([any HealthCheck].self), try r.resolve([any HealthCheck].self)] }
    let twice = try container.resolve([[any HealthCheck]].self)
    #expect(twice[0][0] === twice[1][0], "one list per graph: its unique member is made once")
    let again = try container.resolve([any HealthCheck].self)
    #expect(again[0] !== twice[0][0], "a new graph makes the unique member again")
    #expect(again[1] === twice[0][1], "the singleton member is the singleton")
  }

  @Test func aListIsAnAutowiredDependencyLikeAnyType() throws {
    let container = Container()
    container.register { CheckPool() }
    container.register(into: [any HealthCheck].self) { DiskCheck() }
    container.autowire(HealthEndpoint.init)
    #expect(try container.resolve(HealthEndpoint.self).checks.names == ["disk"])
  }

  @Test func anAutowiredDefinitionContributesItself() throws {
    let container = Container()
    container.register { CheckPool() }
    container.autowire(DatabaseCheck.init).contributes(to: [any HealthCheck].self)
    #expect(try container.resolve([any HealthCheck].self).names == ["database"])
  }

  @Test func aMapHoldsEachMemberUnderItsKey() throws {
    let container = Container()
    container.register(into: [String: any RouteModule].self, key: "orders") { NamedRoutes(path: "/orders") }
    container.register(into: [String: any RouteModule].self, key: "users") { _ in NamedRoutes(path: "/users") }
    container.register { NamedRoutes(path: "/health") }
      .contributes(to: [String: any RouteModule].self, key: "health")
    let routes = try container.resolve([String: any RouteModule].self)
    #expect(routes.mapValues(\.path) == ["orders": "/orders", "users": "/users", "health": "/health"])
  }

  @Test func nothingContributedIsAnEmptyListOrMap() throws {
    let container = Container()
    #expect(try container.resolve([any HealthCheck].self).isEmpty)
    #expect(try container.resolve([String: any RouteModule].self).isEmpty)
    container.register { CheckPool() }
    container.autowire(HealthEndpoint.init)
    #expect(try container.resolve(HealthEndpoint.self).checks.isEmpty)
  }

  @Test func registeringTheListTypeReplacesTheListAndALaterMemberBringsItBack() throws {
    let container = Container()
    container.register(into: [any HealthCheck].self) { NamedCheck("member") }
    container.register { [NamedCheck("registered")] as [any HealthCheck] }
    #expect(try container.resolve([any HealthCheck].self).names == ["registered"])
    container.register(into: [any HealthCheck].self) { NamedCheck("later") }
    #expect(try container.resolve([any HealthCheck].self).names == ["member", "later"])
  }

  @Test func removingAContributedDefinitionOrAMemberRemovesItFromTheList() throws {
    let container = Container()
    let disk = container.register { DiskCheck() }.contributes(to: [any HealthCheck].self)
    let named = container.register(into: [any HealthCheck].self) { NamedCheck("named") }
    container.register(into: [any HealthCheck].self) { NamedCheck("kept") }
    container.remove(disk)
    container.remove(named)
    #expect(try container.resolve([any HealthCheck].self).names == ["kept"])
  }

  @Test func aContributionAfterBootstrapIsRejectedAndReported() throws {
    let container = Container()
    container.register(into: [any HealthCheck].self) { NamedCheck("early") }
    try container.bootstrap()
    container.register(into: [any HealthCheck].self) { NamedCheck("late") }
    container.register { DiskCheck() }.contributes(to: [any HealthCheck].self)
    #expect(try container.resolve([any HealthCheck].self).names == ["early"])
    #expect(container.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap, .modifiedAfterBootstrap])
    #expect(
      container.rejectedChanges.first?.message
        == "A member was contributed to Array<HealthCheck> after `bootstrap()`; the contribution was not applied.")
  }

  @Test func aContributionToAnEmptyBootstrappedContainerIsTheErrorOfTheRequest() {
    let container = Container()
    try? container.bootstrap()
    container.register(into: [any HealthCheck].self) { NamedCheck("late") }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([any HealthCheck].self) }
    #expect(error?.code == .modifiedAfterBootstrap)
  }
}

extension MultiBindingTests {
  /// MultiBindings.md: a collaborator is asked for a list only when the container and its
  /// ancestors have no member; its members are never added to a list that has one.
  @Test func aCollaboratorsListIsUsedOnlyWhenTheContainerHasNoMember() throws {
    let collaborator = Container()
    collaborator.register(into: [any HealthCheck].self) { NamedCheck("collaborator") }
    let app = Container()
    app.collaborate(with: collaborator)
    #expect(try app.resolve([any HealthCheck].self).map(\.name) == ["collaborator"])
    app.register(into: [any HealthCheck].self) { NamedCheck("app") }
    #expect(try app.resolve([any HealthCheck].self).map(\.name) == ["app"])
  }

  /// MultiBindings.md: with several collaborators, the list is the first one's that has members,
  /// in the order they were given; the others' are not added (outside client 27 expected all).
  @Test func withSeveralCollaboratorsTheListIsTheFirstOnesThatHasMembers() throws {
    let first = Container()
    first.register(into: [any HealthCheck].self) { NamedCheck("first") }
    let second = Container()
    second.register(into: [any HealthCheck].self) { NamedCheck("second") }
    let empty = Container()
    let app = Container()
    app.collaborate(with: empty, first, second)
    #expect(try app.resolve([any HealthCheck].self).map(\.name) == ["first"])
    let other = Container()
    other.collaborate(with: second, first)
    #expect(try other.resolve([any HealthCheck].self).map(\.name) == ["second"])
  }
}
