import Surrogate
import Testing

struct ChildContainerTests {
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
