import SuiteSupport
import Surrogate
import Testing

struct ChildContainerTests {
  /// A child's `resolve` inside a parent's factory joins the parent's graph; a resolver made there
  /// for the child refers to the child unretained, so the graph must keep the child alive.
  @Test func aResolverKeptFromAChildThatJoinedItsParentsGraphKeepsTheChildAlive() throws {
    struct ChildReleased: Error {}
    let parent = Container()
    weak var weakChild: Container?
    var outer: HoldsAResolver?
    do {
      let child = Container(parent: parent)
      weakChild = child
      child.register(.unique) { r in KeepsItsResolver(resolver: r) }
      child.register(.unique) { Service() }
      parent.register(.unique) { [weak child] () throws -> HoldsAResolver in
        guard let child else { throw ChildReleased() }
        return HoldsAResolver(inner: try child.resolve())
      }
      outer = try parent.resolve(HoldsAResolver.self)
    }
    #expect(weakChild != nil, "the child was released while a resolver made for it was kept")
    // Only with the child alive: reading a released container would be a use after free.
    guard weakChild != nil else { return }
    #expect((try? outer?.inner.resolver.resolve(Service.self)) != nil)
    outer = nil
    #expect(weakChild == nil, "the graph kept the child after the last resolver went")
  }

  /// The same, for an awaited `resolve` of the child inside the parent's async factory.
  @Test func aResolverKeptFromAChildThatJoinedItsParentsAsyncGraphKeepsTheChildAlive() async throws {
    struct ChildReleased: Error {}
    let parent = Container()
    weak var weakChild: Container?
    var outer: HoldsAResolver?
    do {
      let child = Container(parent: parent)
      weakChild = child
      child.register(.unique) { r in KeepsItsResolver(resolver: r) }
      child.register(.unique) { Service() }
      parent.register(.unique) { [weak child] _ async throws -> HoldsAResolver in
        guard let child else { throw ChildReleased() }
        return HoldsAResolver(inner: try await child.resolve())
      }
      outer = try await parent.resolve(HoldsAResolver.self)
    }
    #expect(weakChild != nil, "the child was released while a resolver made for it was kept")
    guard weakChild != nil else { return }
    #expect((try? await outer?.inner.resolver.resolve(Service.self)) != nil)
    outer = nil
    #expect(weakChild == nil, "the graph kept the child after the last resolver went")
  }

  @Test func childResolvesWhatItLacksFromItsParent() throws {
    let parent = Container()
    parent.register { URLSessionClient(name: "parent") }
    let child = Container(parent: parent)
    #expect(try child.resolve(URLSessionClient.self).name == "parent")
  }

  @Test func childRegistrationsOverrideTheParentsForTheChildOnly() throws {
    let parent = Container()
    parent.register { URLSessionClient(name: "parent") }
    let child = Container(parent: parent)
    child.register { URLSessionClient(name: "child") }
    #expect(try child.resolve(URLSessionClient.self).name == "child")
    #expect(try parent.resolve(URLSessionClient.self).name == "parent")
  }

  @Test func parentNeverSeesChildRegistrations() {
    let parent = Container()
    let child = Container(parent: parent)
    child.register { Service() }
    let error = #expect(throws: ResolutionError.self) { try parent.resolve(Service.self) }
    #expect(error?.code == .definitionNotFound)
  }

  @Test func parentSingletonsStaySingletonsAcrossChildren() throws {
    let parent = Container()
    parent.register(.singleton) { Service() }
    let first = Container(parent: parent)
    let second = Container(parent: parent)
    let fromFirst: Service = try first.resolve()
    let fromSecond: Service = try second.resolve()
    let fromParent: Service = try parent.resolve()
    #expect(ObjectIdentifier(fromFirst) == ObjectIdentifier(fromSecond))
    #expect(ObjectIdentifier(fromFirst) == ObjectIdentifier(fromParent))
  }

  @Test func parentSingletonResolvesItsDependenciesInTheParent() throws {
    let parent = Container()
    parent.register { URLSessionClient(name: "parent") }
    parent.register(.singleton) { r in [try r.resolve(URLSessionClient.self).name] }
    let child = Container(parent: parent)
    child.register { URLSessionClient(name: "child") }
    #expect(try child.resolve([String].self) == ["parent"])
  }

  @Test func parentTransientsSeeTheChildsOverrides() throws {
    let parent = Container()
    parent.register { URLSessionClient(name: "parent") }
    parent.register(.unique) { r in [try r.resolve(URLSessionClient.self).name] }
    let child = Container(parent: parent)
    child.register { URLSessionClient(name: "child") }
    #expect(try child.resolve([String].self) == ["child"])
  }

  @Test func exactTagInTheParentWinsOverUntaggedInTheChild() throws {
    let parent = Container()
    parent.register(tag: "live") { URLSessionClient(name: "parent live") }
    let child = Container(parent: parent)
    child.register { URLSessionClient(name: "child untagged") }
    #expect(try child.resolve(URLSessionClient.self, tag: "live").name == "parent live")
    #expect(try child.resolve(URLSessionClient.self, tag: "other").name == "child untagged")
  }

  @Test func childCanForwardATypeToItsParentsDefinition() throws {
    let parent = Container()
    let presenter = parent.register(.singleton) { ListPresenter() }
    let child = Container(parent: parent)
    child.register(presenter, type: (any ListInteractorOutput).self)
    let output = try child.resolve((any ListInteractorOutput).self)
    #expect(ObjectIdentifier(output) == ObjectIdentifier(try parent.resolve(ListPresenter.self)))
  }
}

/// Made by a child container: keeps the resolver its factory was given.
private final class KeepsItsResolver {
  let resolver: Resolver
  init(resolver: Resolver) { self.resolver = resolver }
}

/// Made by the parent from the child's instance.
private final class HoldsAResolver {
  let inner: KeepsItsResolver
  init(inner: KeepsItsResolver) { self.inner = inner }
}
