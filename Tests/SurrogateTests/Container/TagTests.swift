import SuiteSupport
import Surrogate
import Testing

enum Environment: Hashable, Sendable { case live, stub }

struct TagTests {
  @Test func stringIntegerAndEnumTagsSelectDefinitions() throws {
    let container = Container()
    container.register(tag: "text") { URLSessionClient(name: "text") }
    container.register(tag: 7) { URLSessionClient(name: "seven") }
    container.register(tag: Environment.stub) { URLSessionClient(name: "stub") }
    #expect(try container.resolve(URLSessionClient.self, tag: "text").name == "text")
    #expect(try container.resolve(URLSessionClient.self, tag: 7).name == "seven")
    #expect(try container.resolve(URLSessionClient.self, tag: Environment.stub).name == "stub")
  }

  @Test func lookupFallsBackToTheUntaggedDefinition() throws {
    let container = Container()
    container.register { URLSessionClient(name: "untagged") }
    #expect(try container.resolve(URLSessionClient.self, tag: "missing").name == "untagged")
  }

  @Test func exactTagWinsOverTheUntaggedDefinition() throws {
    let container = Container()
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: "live") { URLSessionClient(name: "live") }
    #expect(try container.resolve(URLSessionClient.self, tag: "live").name == "live")
    #expect(try container.resolve(URLSessionClient.self).name == "untagged")
  }

  @Test func tagsOfDifferentTypesWithEqualTextAreDistinct() throws {
    let container = Container()
    container.register(tag: "1") { URLSessionClient(name: "string") }
    container.register(tag: 1) { URLSessionClient(name: "int") }
    #expect(try container.resolve(URLSessionClient.self, tag: "1").name == "string")
    #expect(try container.resolve(URLSessionClient.self, tag: 1).name == "int")
  }

  @Test func manyTagsOnOneTypeStayAddressable() throws {
    let container = Container()
    for index in 0..<100 { container.register(tag: index) { URLSessionClient(name: "\(index)") } }
    for index in [0, 8, 9, 57, 99] {
      #expect(try container.resolve(URLSessionClient.self, tag: index).name == "\(index)")
    }
  }

  @Test func untaggedRequestDoesNotSeeTaggedDefinitions() {
    let container = Container()
    container.register(tag: "live") { URLSessionClient() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(URLSessionClient.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.nearby.first?.tag == DefinitionTag("live"))
    #expect(error?.remedy.contains("registered with tag \"live\"") == true)
  }

  /// Two tagged definitions and a request with a third tag: the remedy names both, not the first
  /// one registered, which would wire a stub to the live service (outside client 24).
  @Test func aRequestWithAnUnregisteredTagIsToldEveryRegisteredTag() {
    let container = Container()
    container.register(.singleton, tag: Environment.live) { URLSessionClient(name: "production") }
    container.register(.singleton, tag: Environment.stub) { URLSessionClient(name: "stub") }
    let error = #expect(throws: ResolutionError.self) {
      try container.resolve(URLSessionClient.self, tag: "stub")
    }
    #expect(
      error?.remedy
        == "URLSessionClient is registered with tags Environment.live and Environment.stub but was resolved with "
        + "tag \"stub\"; resolve with one of them, or register an untagged definition as the fallback.")
  }

  @Test func tagsDescribeThemselvesAsWritten() {
    #expect(DefinitionTag("live").description == "\"live\"")
    #expect(DefinitionTag(7).description == "7")
    #expect(DefinitionTag(Environment.live).description == "Environment.live")
    #expect(DefinitionTag(DefinitionTag(7)) == DefinitionTag(7))
  }
}

struct TaggedScopeTests {
  @Test func taggedSingletonIsMadeOnce() throws {
    let container = Container()
    let made = Counter()
    container.register(.singleton, tag: "live") { made.increment(); return Service() }
    let first = try container.resolve(Service.self, tag: "live")
    let second = try container.resolve(Service.self, tag: "live")
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(made.value == 1)
  }

  @Test func untaggedAndTaggedSingletonsOfOneTypeAreDistinct() throws {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register(.singleton, tag: "live") { Service() }
    let untagged = try container.resolve(Service.self)
    let tagged = try container.resolve(Service.self, tag: "live")
    #expect(ObjectIdentifier(untagged) != ObjectIdentifier(tagged))
    #expect(ObjectIdentifier(try container.resolve(Service.self, tag: "live")) == ObjectIdentifier(tagged))
  }

  @Test func tagsKnownStaticallyAndTagsInAnExistentialFindTheSameDefinitions() throws {
    let container = Container()
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: "live") { URLSessionClient(name: "live") }
    container.register(tag: 7) { URLSessionClient(name: "seven") }
    container.register(tag: Environment.stub) { URLSessionClient(name: "stub") }
    let existential: [(any Hashable & Sendable)?] = ["live", 7, Environment.stub, DefinitionTag("live"), "missing", nil]
    let expected = ["live", "seven", "stub", "live", "untagged", "untagged"]
    for (tag, name) in zip(existential, expected) {
      #expect(try container.resolve(URLSessionClient.self, tag: tag).name == name)
    }
    // The same tags with their types known at compile time take the typed overload.
    #expect(try container.resolve(URLSessionClient.self, tag: "live").name == "live")
    #expect(try container.resolve(URLSessionClient.self, tag: 7).name == "seven")
    #expect(try container.resolve(URLSessionClient.self, tag: Environment.stub).name == "stub")
    #expect(try container.resolve(URLSessionClient.self, tag: DefinitionTag(7)).name == "seven")
    #expect(try container.resolve(URLSessionClient.self, tag: "missing").name == "untagged")
    #expect(try container.resolve(URLSessionClient.self, tag: nil).name == "untagged")
    let inferred: URLSessionClient = try container.resolve(tag: Environment.stub)
    #expect(inferred.name == "stub")
  }

  /// A tag held in an optional (`let tag: Environment? = ...`) is the tag it holds, or no tag,
  /// wherever it is passed: `register`, a synchronous or awaited `resolve`, or a resolver.
  @Test func anOptionalTagIsTheTagItHoldsOrNoTag() throws {
    let container = Container()
    let live: String? = "live"
    let stub: Environment? = .stub
    let none: String? = nil
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: live) { URLSessionClient(name: "live") }
    container.register(tag: stub) { URLSessionClient(name: "stub") }
    #expect(try container.resolve(URLSessionClient.self, tag: "live").name == "live")
    #expect(try container.resolve(URLSessionClient.self, tag: live).name == "live")
    #expect(try container.resolve(URLSessionClient.self, tag: stub).name == "stub")
    #expect(try container.resolve(URLSessionClient.self, tag: none).name == "untagged")
    let inferred: URLSessionClient = try container.resolve(tag: live)
    #expect(inferred.name == "live")
    container.register(tag: "resolver") { r in URLSessionClient(name: try r.resolve(URLSessionClient.self, tag: stub).name) }
    #expect(try container.resolve(URLSessionClient.self, tag: "resolver").name == "stub")
    let error = #expect(throws: ResolutionError.self) { try Container().resolve(URLSessionClient.self, tag: live) }
    #expect(error?.key.tag == DefinitionTag("live"))
  }

  @Test func anOptionalTagIsTheTagItHoldsOrNoTagWhenAwaited() async throws {
    let container = Container()
    let stub: Environment? = .stub
    let none: String? = nil
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: stub) { URLSessionClient(name: "stub") }
    #expect(try await container.resolve(URLSessionClient.self, tag: stub).name == "stub")
    #expect(try await container.resolve(URLSessionClient.self, tag: none).name == "untagged")
  }

  @Test func aStaticallyTypedTagThatMatchesNothingNamesItInTheError() {
    let container = Container()
    container.register(tag: "live") { URLSessionClient() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(URLSessionClient.self, tag: "stub") }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key.tag == DefinitionTag("stub"))
    #expect(error?.nearby.first?.tag == DefinitionTag("live"))
  }

  /// A resolver holds its tag unretained and the graph keeps the tag (see `Resolver.tagBits`): a
  /// resolver that a factory keeps must still know its tag after the request's key is gone. A
  /// struct tag is boxed anew for every request, so nothing else holds that box.
  @Test func aResolverKeptPastItsRequestKeepsItsTag() throws {
    struct Room: Hashable, Sendable { let name: String }
    final class Keeper {
      let resolver: Resolver
      init(_ resolver: Resolver) { self.resolver = resolver }
    }
    let room = Room(name: String(repeating: "a room with a long name ", count: 2) + String(Int.random(in: 0..<10)))
    let container = Container()
    container.register(.unique, tag: room) { r in Keeper(r) }
    let keepers = try (0..<100).map { _ in try container.resolve(Keeper.self, tag: room) }
    for keeper in keepers {
      #expect(keeper.resolver.tag == DefinitionTag(room))
    }
  }

  /// One graph whose resolvers see two tags keeps both.
  @Test func aGraphKeepsEveryTagItsResolversSee() throws {
    struct Room: Hashable, Sendable { let name: String }
    final class Keeper {
      let resolver: Resolver
      let inner: Keeper?
      init(_ resolver: Resolver, inner: Keeper?) {
        self.resolver = resolver
        self.inner = inner
      }
    }
    let hall = Room(name: String(repeating: "a hall with a long name ", count: 2) + String(Int.random(in: 0..<10)))
    let attic = Room(name: String(repeating: "an attic with a long name ", count: 2) + String(Int.random(in: 0..<10)))
    let container = Container()
    container.register(.unique, tag: attic) { r in Keeper(r, inner: nil) }
    container.register(.unique, tag: hall) { r in Keeper(r, inner: try r.resolve(Keeper.self, tag: attic)) }
    let keepers = try (0..<100).map { _ in try container.resolve(Keeper.self, tag: hall) }
    for keeper in keepers {
      #expect(keeper.resolver.tag == DefinitionTag(hall))
      #expect(keeper.inner?.resolver.tag == DefinitionTag(attic))
    }
  }
}
