import Surrogate
import Testing

private protocol AutoWiredClient: AnyObject {
  var service1: (any Service)? { get }
  var service2: ServiceImp2? { get }
}

private final class AutoWiredClientImp: AutoWiredClient {
  var service1: (any Service)?
  var service2: ServiceImp2?
  init(service1: (any Service)?, service2: ServiceImp2) {
    self.service1 = service1
    self.service2 = service2
  }
  init() {}
}

/// Dip's `AutoWiringTests`. Dip auto-wires a request without runtime arguments through a factory
/// that takes them, resolving each argument from the container; in Surrogate that is a factory
/// registered as `register { (r, a: A, b: B) in ... }` and resolved without `arguments:`.
struct AutoWiringTests {
  /// Dip: a request without arguments is answered by a factory whose arguments the container
  /// resolves.
  @Test func canResolveWithAutoWiring() throws {
    let container = Container()
    container.registerServices()
    container.registerTwoArgumentClient()
    let inferred: any AutoWiredClient = try container.resolve()
    #expect(inferred.service1 is ServiceImp1)
    #expect(inferred.service2 != nil)
    #expect(try container.resolve((any AutoWiredClient).self) is AutoWiredClientImp)
  }

  /// Dip: among the factories that fit, the one with the most arguments is used.
  @Test func usesAutoWireFactoryWithMostNumberOfArguments() throws {
    let container = Container()
    container.registerOneArgumentClients()
    let mostArgumentsUsed = Recorder(false)
    container.registerTwoArgumentClient()
      .resolvingProperties { _, _ in mostArgumentsUsed.set() }
    container.registerServices()
    _ = try container.resolve((any AutoWiredClient).self)
    #expect(mostArgumentsUsed.value)
  }

  /// Dip: two factories that fit equally well are an ambiguity error, not a guess.
  @Test func throwsAmbiguityErrorWhenUsingAutoWire() {
    let container = Container()
    container.registerOneArgumentClients()
    container.registerServices()
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any AutoWiredClient).self) }
    #expect(error?.code == .ambiguousAutowiring)
  }

  /// Dip: for a tagged request, a tagged factory is preferred to untagged ones with as many
  /// arguments.
  @Test func prefersTaggedFactoryWithDifferentNumberOfArgumentsWhenUsingAutoWire() throws {
    let container = Container()
    container.registerOneArgumentClients()
    container.registerTwoArgumentClient()
    container.register(tag: "tag") { (r: Resolver, service1: (any Service)?) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: try r.resolve())
    }
    let taggedUsed = Recorder(false)
    container.registerTwoArgumentClient(tag: "tag")
      .resolvingProperties { _, _ in taggedUsed.set() }
    container.registerServices()
    _ = try container.resolve((any AutoWiredClient).self, tag: "tag")
    #expect(taggedUsed.value)
  }

  /// Dip: for a tagged request, a tagged factory is preferred even to an untagged one with more
  /// arguments.
  @Test func prefersTaggedFactoryWithDifferentTypesOfArgumentsWhenUsingAutoWire() throws {
    let container = Container()
    container.register { (r: Resolver, service1: (any Service)?) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: try r.resolve())
    }
    container.registerTwoArgumentClient()
    let taggedUsed = Recorder(false)
    container.register(tag: "tag") { (r: Resolver, service2: ServiceImp2) -> any AutoWiredClient in
      AutoWiredClientImp(service1: try r.resolve(), service2: service2)
    }
    .resolvingProperties { _, _ in taggedUsed.set() }
    container.registerServices()
    _ = try container.resolve((any AutoWiredClient).self, tag: "tag")
    #expect(taggedUsed.value)
  }

  /// Dip: a request with a tag nothing is registered for falls back to the untagged factories.
  @Test func fallbackToNotTaggedFactoryWhenUsingAutoWire() throws {
    let container = Container()
    let untaggedUsed = Recorder(false)
    container.register { (r: Resolver, service1: (any Service)?) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: try r.resolve())
    }
    .resolvingProperties { _, _ in untaggedUsed.set() }
    container.register(tag: "tag") { (r: Resolver, service1: (any Service)?) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: try r.resolve())
    }
    container.registerServices()
    _ = try container.resolve((any AutoWiredClient).self, tag: "other tag")
    #expect(untaggedUsed.value)
  }

  /// Dip: a request with runtime arguments never auto-wires: arguments that match no factory are
  /// an error.
  @Test func doesNotTryToUseAutoWiringWhenCallingResolveWithArguments() throws {
    let container = Container()
    container.registerTwoArgumentClient()
    container.registerServices()
    let service = try container.resolve((any Service).self)
    #expect(throws: ResolutionError.self) {
      try container.resolve((any AutoWiredClient).self, arguments: service)
    }
  }

  /// Dip: when the definition without arguments exists but fails deeper in its graph, the
  /// container reports the failure and does not try an auto-wiring factory instead.
  @Test func doesNotUseAutoWiringWhenFailedToResolveLowLevelDependency() {
    let container = Container()
    container.register { AutoWiredClientImp() as any AutoWiredClient }
      .resolvingProperties { r, resolved in
        let client = resolved as? AutoWiredClientImp
        client?.service1 = try r.resolve((any Service).self)
        client?.service2 = try r.resolve(ServiceImp2.self)
        throw UserError()
      }
    let autoWiringUsed = Recorder(false)
    container.registerTwoArgumentClient()
      .resolvingProperties { _, _ in autoWiringUsed.set() }
    container.registerServices()
    #expect(throws: ResolutionError.self) { try container.resolve((any AutoWiredClient).self) }
    #expect(!autoWiringUsed.value)
  }

  /// Dip: auto-wiring the same type again within one graph reuses the instance.
  @Test func reusesInstancesResolvedWithAutoWiringWhenUsingAutoWiringAgain() throws {
    let container = Container()
    container.registerServices()
    let another = Recorder<(any AutoWiredClient)?>(nil)
    container.registerTwoArgumentClient()
      .resolvingProperties { r, _ in
        if another.value == nil { another.value = try r.resolve((any AutoWiredClient).self) }
      }
    let resolved = try container.resolve((any AutoWiredClient).self)
    #expect(same(resolved, another.value))
  }

  /// Dip: an instance resolved with explicit arguments is reused when the same type is then
  /// auto-wired within the graph.
  @Test func reusesInstancesResolvedWithoutAutoWiringWhenUsingAutoWiringAgain() throws {
    let container = Container()
    container.registerServices()
    let another = Recorder<(any AutoWiredClient)?>(nil)
    container.registerTwoArgumentClient()
      .resolvingProperties { r, _ in
        if another.value == nil { another.value = try r.resolve((any AutoWiredClient).self) }
      }
    let service1 = try container.resolve((any Service)?.self)
    let service2 = try container.resolve(ServiceImp2.self)
    let resolved = try container.resolve((any AutoWiredClient).self, arguments: service1, service2)
    #expect(same(resolved, another.value))
  }

  /// Dip: auto-wiring again with the same tag within one graph reuses the instance.
  @Test func reusesInstancesResolvedWithAutoWiringWhenUsingAutoWiringAgainWithTheSameTag() throws {
    let container = Container()
    container.registerServices()
    let another = Recorder<(any AutoWiredClient)?>(nil)
    container.registerTwoArgumentClient(tag: "tag")
      .resolvingProperties { r, _ in
        if another.value == nil { another.value = try r.resolve((any AutoWiredClient).self, tag: "tag") }
      }
    let resolved = try container.resolve((any AutoWiredClient).self, tag: "tag")
    #expect(same(resolved, another.value))
  }

  /// Dip: an instance auto-wired for one tag (through the untagged factory) is not reused for an
  /// untagged request within the graph.
  @Test func doesNotReuseInstancesResolvedWithAutoWiringWhenUsingAutoWiringAgainWithAnotherTag() throws {
    let container = Container()
    container.registerServices()
    let another = Recorder<(any AutoWiredClient)?>(nil)
    container.registerTwoArgumentClient()
      .resolvingProperties { r, _ in
        if another.value == nil { another.value = try r.resolve((any AutoWiredClient).self) }
      }
    let resolved = try container.resolve((any AutoWiredClient).self, tag: "tag")
    #expect(another.value != nil)
    #expect(!same(resolved, another.value))
  }

  /// Dip: an auto-wired factory of one argument resolves it with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith1Argument() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register { (_: Resolver, d1: any Service) in
      received.value = [d1]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 1 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an auto-wired factory of two arguments resolves them with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith2Arguments() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register { (_: Resolver, d1: any Service, d2: any Service) in
      received.value = [d1, d2]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 2 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an auto-wired factory of three arguments resolves them with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith3Arguments() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register { (_: Resolver, d1: any Service, d2: any Service, d3: any Service) in
      received.value = [d1, d2, d3]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 3 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an auto-wired factory of four arguments resolves them with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith4Arguments() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register { (_: Resolver, d1: any Service, d2: any Service, d3: any Service, d4: any Service) in
      received.value = [d1, d2, d3, d4]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 4 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an auto-wired factory of five arguments resolves them with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith5Arguments() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register {
      (_: Resolver, d1: any Service, d2: any Service, d3: any Service, d4: any Service, d5: any Service) in
      received.value = [d1, d2, d3, d4, d5]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 5 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an auto-wired factory of six arguments resolves them with the request's tag.
  @Test func usesTagToResolveDependenciesWithAutoWiringWith6Arguments() throws {
    let container = Container()
    let received = container.registerTaggedServices()
    container.register {
      (
        _: Resolver, d1: any Service, d2: any Service, d3: any Service, d4: any Service, d5: any Service,
        d6: any Service
      ) in
      received.value = [d1, d2, d3, d4, d5, d6]
      return ServiceImp3()
    }
    _ = try container.resolve(ServiceImp3.self, tag: "tag")
    #expect(received.value.count == 6 && received.value.allSatisfy { $0 is ServiceImp2 })
  }

  /// Dip: an optional request, tagged or not, is auto-wired too.
  @Test func canAutoWireOptional() throws {
    let container = Container()
    container.registerServices()
    container.registerTwoArgumentClient()
    #expect(try container.resolve((any AutoWiredClient)?.self) != nil)
    #expect(try container.resolve((any AutoWiredClient)?.self, tag: "tag") != nil)
  }
}

extension Container {
  /// The two services the client's factories take: `Service` (a `ServiceImp1`) and `ServiceImp2`.
  fileprivate func registerServices() {
    register { ServiceImp1() as any Service }
    register { ServiceImp2() }
  }

  /// `Service` untagged (a `ServiceImp1`) and under "tag" (a `ServiceImp2`); returns where the
  /// auto-wired factory records the services it received.
  fileprivate func registerTaggedServices() -> Recorder<[any Service]> {
    register { ServiceImp1() as any Service }
    register(tag: "tag") { ServiceImp2() as any Service }
    return Recorder([])
  }

  /// The client's factory that takes both services as runtime arguments.
  @discardableResult
  fileprivate func registerTwoArgumentClient(tag: String? = nil)
    -> Definition<any AutoWiredClient, ((any Service)?, ServiceImp2)>
  {
    register(tag: tag) { (_: Resolver, service1: (any Service)?, service2: ServiceImp2) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: service2)
    }
  }

  /// Two client factories of one runtime argument each, resolving the other service themselves.
  fileprivate func registerOneArgumentClients() {
    register { (r: Resolver, service1: (any Service)?) -> any AutoWiredClient in
      AutoWiredClientImp(service1: service1, service2: try r.resolve())
    }
    register { (r: Resolver, service2: ServiceImp2) -> any AutoWiredClient in
      AutoWiredClientImp(service1: try r.resolve(), service2: service2)
    }
  }
}
