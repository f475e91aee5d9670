import Surrogate
import Testing

/// Dip's `ContextTests`, for the part of Dip's resolution context Surrogate exposes: the tag a
/// definition was requested with, as the resolver's `tag`. The cases about the resolving type,
/// the type injected into, auto-injected properties and collaboration are in `AwaitingAPI`.
struct ContextTests {
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
