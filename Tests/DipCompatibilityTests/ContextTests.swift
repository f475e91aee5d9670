import Surrogate
import Testing

private final class InjectedHolder: Service {
  @Injected var injected: ServiceImp2
  @InjectedWeak var injectedWeak: ServiceImp2?
  @Injected(tag: "injectedTag") var taggedInjected: ServiceImp2
  @InjectedWeak(tag: "injectedTag") var taggedInjectedWeak: ServiceImp2?
  @Injected(tag: nil) var injectedNilTag: ServiceImp2
}

/// Dip's `ContextTests`: the resolver's `tag` and `context` (Dip's `container.context`).
struct ContextTests {
  /// What factories and blocks saw of their context.
  final class SeenContexts: Sendable {
    let contexts = Recorder<[String: [ResolutionContext]]>([:])
    func note(_ name: String, _ context: ResolutionContext?) {
      guard let context else {
        Issue.record("no context in \(name)")
        return
      }
      contexts.update { $0[name, default: []].append(context) }
    }
    subscript(name: String) -> [ResolutionContext] { contexts.value[name] ?? [] }
  }

  /// Dip: a factory and its blocks see the type they were requested as.
  @Test func contextStoresCurrentlyResolvedType() throws {
    let container = Container()
    let seen = SeenContexts()
    container.register { r -> any Service in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
    }
    container.register { r -> ServiceImp1 in
      seen.note("imp", r.context)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.note("imp", r.context) }
    _ = try container.resolve((any Service).self)
    #expect(seen["service"].count == 2)
    #expect(seen["service"].allSatisfy { $0.resolvingType == (any Service).self })
    #expect(seen["imp"].count == 2)
    #expect(seen["imp"].allSatisfy { $0.resolvingType == ServiceImp1.self })
  }

  /// Dip: a dependency sees the type it is injected into; what `resolve` asked for sees none.
  @Test func contextStoresInjectedInType() throws {
    let container = Container()
    let seen = SeenContexts()
    container.register { r -> any Service in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
    }
    container.register { r -> ServiceImp1 in
      seen.note("imp", r.context)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.note("imp", r.context) }
    _ = try container.resolve((any Service).self)
    #expect(seen["service"].count == 2)
    #expect(seen["service"].allSatisfy { $0.injectedInType == nil })
    #expect(seen["imp"].count == 2)
    #expect(seen["imp"].allSatisfy { $0.injectedInType == (any Service).self })
  }

  /// Dip: an auto-injected property is resolved with its own tag, or its owner's, and a property
  /// with `tag: nil` with none.
  @Test func contextStoresTheTagPassedToResolveWhenAutoInjecting() throws {
    let container = Container()
    let seen = SeenContexts()
    container.register { InjectedHolder() as any Service }
    // `.unique`, so that each property makes (and counts) an instance of its own.
    container.register(.unique) { r -> ServiceImp2 in
      seen.note("untagged", r.context)
      return ServiceImp2()
    }
    .resolvingProperties { r, _ in seen.note("untagged", r.context) }
    container.register(.unique, tag: "tag") { r -> ServiceImp2 in
      seen.note("tagged", r.context)
      return ServiceImp2()
    }
    .resolvingProperties { r, _ in seen.note("tagged", r.context) }
    _ = try container.resolve((any Service).self, tag: "tag")
    // `injected` and `injectedWeak` inherit "tag" and find the tagged definition.
    #expect(seen["tagged"].count == 4)
    #expect(seen["tagged"].allSatisfy { $0.tag == DefinitionTag("tag") })
    for context in seen["untagged"] {
      if context.injectedInProperty == "injectedNilTag" {
        #expect(context.tag == nil)
      } else {
        #expect(context.tag == DefinitionTag("injectedTag"), "\(context.injectedInProperty ?? "-")")
      }
    }
    #expect(seen["untagged"].count == 6)
  }

  /// Dip: a factory and its blocks see the name of the auto-injected property they make a value for.
  @Test func contextStoresNameOfAutoInjectedProperty() throws {
    let container = Container()
    let seen = SeenContexts()
    container.register { InjectedHolder() as any Service }
    // `.unique`, so that each property makes (and counts) an instance of its own.
    container.register(.unique) { r -> ServiceImp2 in
      seen.note("imp", r.context)
      return ServiceImp2()
    }
    .resolvingProperties { r, _ in seen.note("imp", r.context) }
    _ = try container.resolve((any Service).self)
    let names = ["injected", "injectedWeak", "taggedInjected", "taggedInjectedWeak", "injectedNilTag"]
    #expect(seen["imp"].compactMap(\.injectedInProperty) == names.flatMap { [$0, $0] })
    #expect(seen["imp"].allSatisfy { $0.injectedInType == (any Service).self })
  }

  /// Dip: what the outermost `resolve` asks a collaborator for is injected into nothing.
  @Test func doesNotSetInjectedInTypeWhenResolvingWithCollaboration() throws {
    let container = Container()
    let collaborator = Container()
    let seen = SeenContexts()
    collaborator.register { r -> ServiceImp1 in
      seen.note("imp", r.context)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.note("imp", r.context) }
    container.collaborate(with: collaborator)
    collaborator.collaborate(with: container)
    _ = try container.resolve(ServiceImp1.self)
    #expect(seen["imp"].count == 2)
    #expect(seen["imp"].allSatisfy { $0.injectedInType == nil })
  }

  /// Dip: a collaborator's factory sees the type it was requested as.
  @Test func contextIsPreservedWhenResolvingWithCollaboration() throws {
    let container = Container()
    let collaborator = Container()
    let seen = SeenContexts()
    container.register { r -> any Service in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in
      seen.note("service", r.context)
      _ = try r.resolve(ServiceImp1.self)
    }
    collaborator.register { r -> ServiceImp1 in
      seen.note("imp", r.context)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.note("imp", r.context) }
    container.collaborate(with: collaborator)
    _ = try container.resolve((any Service).self)
    #expect(seen["service"].count == 2)
    #expect(seen["service"].allSatisfy { $0.resolvingType == (any Service).self })
    #expect(seen["imp"].count == 2)
    #expect(seen["imp"].allSatisfy { $0.resolvingType == ServiceImp1.self && $0.injectedInType == (any Service).self })
  }

  /// Where each definition records the tags its factory and its blocks saw.
  final class SeenTags: Sendable {
    let service = Recorder<[DefinitionTag?]>([])
    let serviceImp1 = Recorder<[DefinitionTag?]>([])
  }

  /// Dip: a factory and its blocks see the tag passed to `resolve`, and a nested resolve with
  /// another tag is seen with that other tag.
  @Test func contextStoresTheTagPassedToResolve() throws {
    let container = Container()
    container.register { ServiceImp2() }
    let seen = SeenTags()
    container.register { r -> any Service in
      seen.service.update { $0.append(r.tag) }
      _ = try r.resolve(ServiceImp1.self, tag: "otherTag")
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in
      seen.service.update { $0.append(r.tag) }
      _ = try r.resolve(ServiceImp1.self, tag: "otherTag")
    }
    container.register { r -> ServiceImp1 in
      seen.serviceImp1.update { $0.append(r.tag) }
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.serviceImp1.update { $0.append(r.tag) } }
    _ = try container.resolve((any Service).self, tag: "tag")
    #expect(seen.service.value == [DefinitionTag("tag"), DefinitionTag("tag")])
    #expect(seen.serviceImp1.value == [DefinitionTag("otherTag"), DefinitionTag("otherTag")])
  }

  /// Dip: a dependency auto-wired into a factory's runtime arguments is resolved with, and sees,
  /// the tag of the request.
  @Test func contextStoresTheTagPassedToResolveWhenAutoWiring() throws {
    let container = Container()
    container.register { ServiceImp2() }
    let seen = SeenTags()
    container.register { (_: Resolver, _: ServiceImp1) -> any Service in ServiceImp1() }
      .resolvingProperties { _, _ in }
    container.register { r -> ServiceImp1 in
      seen.serviceImp1.update { $0.append(r.tag) }
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.serviceImp1.update { $0.append(r.tag) } }
    _ = try container.resolve((any Service).self, tag: "tag")
    #expect(seen.serviceImp1.value == [DefinitionTag("tag"), DefinitionTag("tag")])
  }

  /// Dip: a nested untagged resolve is seen without a tag, even inside a tagged request.
  @Test func contextDoesNotOverrideNilTagPassedToResolve() throws {
    let container = Container()
    container.register { ServiceImp2() }
    let seen = SeenTags()
    container.register { r -> any Service in
      seen.service.update { $0.append(r.tag) }
      _ = try r.resolve(ServiceImp1.self)
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in
      seen.service.update { $0.append(r.tag) }
      _ = try r.resolve(ServiceImp1.self)
    }
    container.register { r -> ServiceImp1 in
      seen.serviceImp1.update { $0.append(r.tag) }
      return ServiceImp1()
    }
    .resolvingProperties { r, _ in seen.serviceImp1.update { $0.append(r.tag) } }
    _ = try container.resolve((any Service).self, tag: "tag")
    #expect(seen.service.value == [DefinitionTag("tag"), DefinitionTag("tag")])
    #expect(seen.serviceImp1.value == [nil, nil])
  }
}
