import Surrogate
import Testing

private protocol Dependency {}
private struct DependencyImpl: Dependency {}
private final class DependencyRefImpl: Dependency {}

private struct DependencyClient {
  let dependency: any Dependency
}

private struct OptionalDependencyClient {
  let dependency: (any Dependency)?
}

/// Dip's `TypeForwardingTests`, with `.implements(...)` for Dip's `implements`. Dip forwards
/// `NSObject`, which is `AnyObject` on Linux; these tests forward `AnyObject`.
struct TypeForwardingTests {
  /// Dip: a forwarded type resolves to the definition's instance.
  @Test func resolvesInstanceByTypeForwarding() throws {
    let container = Container()
    container.register { ServiceImp1() as any Service }
      .implements((any ForwardedType).self)
      .implements(AnyObject.self)
    let forwarded: any ForwardedType = try container.resolve()
    let object: AnyObject = try container.resolve()
    #expect(forwarded is ServiceImp1)
    #expect(try container.resolve((any ForwardedType).self) is ServiceImp1)
    #expect(object is ServiceImp1)
    #expect(try container.resolve(AnyObject.self) is ServiceImp1)
  }

  /// Dip: within one graph, every forwarded type resolves to the instance being built.
  @Test func reusesInstanceResolvedByTypeForwarding() throws {
    let container = Container()
    let mismatches = Recorder<[String]>([])
    container.register { ServiceImp1() as any Service }
      .resolvingProperties { r, resolved in
        let checks: [(String, AnyObject)] = [
          ("ForwardedType", try r.resolve((any ForwardedType).self)),
          ("AnyObject", try r.resolve(AnyObject.self)),
          ("Service", try r.resolve((any Service).self)),
        ]
        for (name, instance) in checks where !same(instance, resolved) {
          mismatches.update { $0.append(name) }
        }
      }
      .implements((any ForwardedType).self)
      .implements(AnyObject.self)
    _ = try container.resolve((any Service).self)
    _ = try container.resolve((any ForwardedType).self)
    #expect(mismatches.value.isEmpty)
  }

  /// Dip: a type forwarded under another tag is not found with the definition's tag, until it is
  /// forwarded under that tag too.
  @Test func doesNotResolveByTypeForwardingIfRegisteredForAnotherTag() throws {
    let container = Container()
    let definition = container.register(tag: "tag") { ServiceImp1() as any Service }
    definition.implements((any ForwardedType).self, tag: "otherTag")
    #expect(throws: ResolutionError.self) {
      let _: any ForwardedType = try container.resolve(tag: "tag")
    }
    #expect(throws: ResolutionError.self) { try container.resolve((any ForwardedType).self, tag: "tag") }

    definition.implements((any ForwardedType).self, tag: "tag")
    #expect(throws: Never.self) {
      let _: any ForwardedType = try container.resolve(tag: "tag")
    }
    #expect(throws: Never.self) { try container.resolve((any ForwardedType).self, tag: "tag") }
  }

  /// Dip: within one graph, a type forwarded under another tag than the request that made the
  /// instance gets a new instance; an untagged forwarded type reuses it.
  @Test func doesNotReuseInstanceResolvedByTypeForwardingRegisteredForAnotherTag() throws {
    let container = Container()
    let sameForTaggedForward = Recorder<[Bool]>([])
    let sameForUntaggedForward = Recorder<[Bool]>([])
    container.register { ServiceImp1() as any Service }
      .resolvingProperties { r, service in
        guard sameForTaggedForward.value.isEmpty else { return }
        let forwarded: any ForwardedType = try r.resolve(tag: "tag")
        let anyForwarded = try r.resolve((any ForwardedType).self, tag: "tag")
        sameForTaggedForward.value = [same(forwarded, service), same(anyForwarded, service)]
        let object: AnyObject = try r.resolve()
        let anyObject = try r.resolve(AnyObject.self)
        sameForUntaggedForward.value = [same(object, service), same(anyObject, service)]
      }
      .implements((any ForwardedType).self, tag: "tag")
      .implements(AnyObject.self)
    _ = try container.resolve((any Service).self)
    #expect(sameForTaggedForward.value == [false, false])
    #expect(sameForUntaggedForward.value == [true, true])
  }

  /// Dip: resolving a forwarded type runs the definition's blocks and the forwarded type's own.
  @Test func callsResolvedDependenciesBlockWhenResolvingByTypeForwarding() throws {
    let container = Container()
    let originalCalled = Recorder(false)
    let forwardedCalled = Recorder(false)
    let definition = container.register { ServiceImp1() }
      .resolvingProperties { _, _ in originalCalled.set() }
    container.register(definition, type: (any Service).self)
      .resolvingProperties { _, _ in forwardedCalled.set() }
    let _: any Service = try container.resolve()
    #expect(forwardedCalled.value)
    #expect(originalCalled.value)
    originalCalled.value = false
    forwardedCalled.value = false
    _ = try container.resolve((any Service).self)
    #expect(forwardedCalled.value)
    #expect(originalCalled.value)
  }

  /// Dip: a block added to the definition after the type was forwarded also runs for the
  /// forwarded type.
  @Test func callsResolvedDependenciesBlockProvidedAfterRegistrationWhenResolvingByTypeForwarding() throws {
    let container = Container()
    let originalCalled = Recorder(false)
    let forwardedCalled = Recorder(false)
    let definition = container.register { ServiceImp1() }
    container.register(definition, type: (any Service).self)
      .resolvingProperties { _, _ in forwardedCalled.set() }
    definition.resolvingProperties { _, _ in originalCalled.set() }
    let _: any Service = try container.resolve()
    #expect(forwardedCalled.value)
    #expect(originalCalled.value)
    originalCalled.value = false
    forwardedCalled.value = false
    _ = try container.resolve((any Service).self)
    #expect(forwardedCalled.value)
    #expect(originalCalled.value)
  }

  /// Dip: a tagged request for a forwarded type falls back to the untagged forwarding.
  @Test func fallbackToDefinitionWithNoTagWhenResolvingInstanceByTypeForwarding() throws {
    let container = Container()
    container.register { ServiceImp1() as any Service }
      .implements((any ForwardedType).self)
    let inferred: any ForwardedType = try container.resolve(tag: "tag")
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any ForwardedType).self, tag: "tag") is ServiceImp1)
  }

  /// Dip: the registered type and every forwarded type resolve as optionals.
  @Test func canResolveOptional() throws {
    let container = Container()
    container.register { ServiceImp1() as any Service }
      .implements((any ForwardedType).self)
      .implements(AnyObject.self)
    let service: (any Service)? = try container.resolve()
    #expect(service is ServiceImp1)
    #expect(try container.resolve((any Service)?.self) is ServiceImp1)
    let forwarded: (any ForwardedType)? = try container.resolve()
    #expect(forwarded is ServiceImp1)
    #expect(try container.resolve((any ForwardedType)?.self) is ServiceImp1)
    let object: AnyObject? = try container.resolve()
    #expect(object is ServiceImp1)
    #expect(try container.resolve(AnyObject?.self) is ServiceImp1)
  }

  /// Dip: a singleton is made once whether it is asked for as `T` or as `T?`, and both kinds of
  /// consumers get the same instance.
  @Test func reusesInstancesResolvedForOptionalType() throws {
    let container = Container()
    let made = Recorder(0)
    container.register(.singleton) { () -> any Dependency in
      made.increment()
      return DependencyImpl()
    }
    container.register { r in DependencyClient(dependency: try r.resolve()) }
    container.register { r in OptionalDependencyClient(dependency: try r.resolve()) }
    _ = try container.resolve(OptionalDependencyClient.self)
    _ = try container.resolve(DependencyClient.self)
    _ = try container.resolve(DependencyClient.self)
    _ = try container.resolve(OptionalDependencyClient.self)
    #expect(made.value == 1)

    container.register(.singleton) { () -> any Dependency in
      made.increment()
      return DependencyRefImpl()
    }
    let client1 = try container.resolve(DependencyClient.self)
    let client2 = try container.resolve(OptionalDependencyClient.self)
    #expect(made.value == 2)
    let first = try #require(client1.dependency as? DependencyRefImpl)
    let second = try #require(client2.dependency as? DependencyRefImpl)
    #expect(first === second)
  }

  /// Dip: a tagged optional request uses the tagged definition first, and its blocks see the tag.
  @Test func firstUsesTaggedDefinitionWhenResolvingOptional() throws {
    let container = Container()
    let seenTags = Recorder<[DefinitionTag?]>([])
    container.register(tag: "tag") { ServiceImp1() as any Service }
      .resolvingProperties { r, _ in seenTags.update { $0.append(r.tag) } }
    container.register { ServiceImp2() as any Service }
    let service: (any Service)? = try container.resolve(tag: "tag")
    #expect(service is ServiceImp1)
    #expect(try container.resolve((any Service)?.self, tag: "tag") is ServiceImp1)
    #expect(seenTags.value == [DefinitionTag("tag"), DefinitionTag("tag")])
  }

  /// Dip: resolving a forwarded type the instance does not implement throws `invalidType` for
  /// that type.
  @Test func throwsErrorWhenResolvingNotImplementedTypeWithTypeForwarding() {
    let container = Container()
    container.register { ServiceImp1() as any Service }
      .implements(ServiceImp2.self)
    let expectedKey = DefinitionKey(type: ServiceImp2.self)
    let inferred = #expect(throws: ResolutionError.self) {
      let _: ServiceImp2 = try container.resolve()
    }
    #expect(inferred?.code == .invalidType)
    #expect(inferred?.key == expectedKey)
    let explicit = #expect(throws: ResolutionError.self) { try container.resolve(ServiceImp2.self) }
    #expect(explicit?.code == .invalidType)
    #expect(explicit?.key == expectedKey)
  }

  /// Dip: when two definitions forward the same type under the same tag, the later one wins.
  @Test func overridesIfSeveralDefinitionsWithTheSameTagForwardTheSameType() throws {
    let container = Container()
    let definition1 = container.register { ServiceImp1() }
    let definition2 = container.register { ServiceImp2() }
    definition1.implements((any ForwardedType).self)
    #expect(try container.resolve((any ForwardedType).self) is ServiceImp1)
    definition2.implements((any ForwardedType).self)
    #expect(try container.resolve((any ForwardedType).self) is ServiceImp2)
    definition1.implements((any ForwardedType).self, tag: "tag")
    #expect(try container.resolve((any ForwardedType).self, tag: "tag") is ServiceImp1)
    definition2.implements((any ForwardedType).self, tag: "tag")
    #expect(try container.resolve((any ForwardedType).self, tag: "tag") is ServiceImp2)
  }

  /// Dip: forwarding the same type under different tags keeps both forwardings.
  @Test func doesNotOverrideIfDefinitionForwardsTheSameTypeWithDifferentTag() throws {
    let container = Container()
    let definition1 = container.register { ServiceImp1() }
    let definition2 = container.register { ServiceImp2() }
    definition1.implements((any ForwardedType).self, tag: "tag")
    definition2.implements((any ForwardedType).self, tag: "anotherTag")
    let inferred: any ForwardedType = try container.resolve(tag: "tag")
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any ForwardedType).self, tag: "tag") is ServiceImp1)
  }
}
