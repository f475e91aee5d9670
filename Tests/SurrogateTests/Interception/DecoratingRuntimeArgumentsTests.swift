import SuiteSupport
import Surrogate
import Testing

private protocol ArgumentGreeter: Sendable {
  func greet() -> String
}

private final class PlainArgumentGreeter: ArgumentGreeter {
  let who: String
  init(_ who: String) { self.who = who }
  func greet() -> String { "hello \(who)" }
}

private final class LoudArgumentGreeter: ArgumentGreeter {
  let inner: any ArgumentGreeter
  init(_ inner: any ArgumentGreeter) { self.inner = inner }
  func greet() -> String { inner.greet().uppercased() + "!" }
}

/// A definition that takes runtime arguments is decorated like any other: the arguments reach it,
/// and the decorator wraps what it made.
struct DecoratingRuntimeArgumentsTests {
  func container(_ scope: Scope = .shared, tag: String? = nil) -> Container {
    let container = Container()
    container.register(scope, type: (any ArgumentGreeter).self, tag: tag) { (_: Resolver, who: String) in
      PlainArgumentGreeter(who)
    }
    container.decorate((any ArgumentGreeter).self, tag: tag) { _, inner in LoudArgumentGreeter(inner) }
    return container
  }

  @Test(arguments: [.shared, .unique, .singleton] as [Scope])
  func aDefinitionWithRuntimeArgumentsIsDecorated(scope: Scope) throws {
    let greeter = try container(scope).resolve((any ArgumentGreeter).self, arguments: "alice")
    #expect(greeter.greet() == "HELLO ALICE!")
  }

  @Test func anAwaitedResolveWithArgumentsIsDecorated() async throws {
    let greeter = try await container().resolve((any ArgumentGreeter).self, arguments: "bob")
    #expect(greeter.greet() == "HELLO BOB!")
  }

  @Test func aTaggedDefinitionWithArgumentsIsDecorated() throws {
    let greeter = try container(tag: "staging").resolve((any ArgumentGreeter).self, tag: "staging", arguments: "carol")
    #expect(greeter.greet() == "HELLO CAROL!")
  }

  @Test func twoDecoratorsWrapInOrderAndEachArgumentSetGetsItsOwnChain() throws {
    let container = container(.unique)
    container.decorate((any ArgumentGreeter).self) { _, inner in LoudArgumentGreeter(inner) }
    #expect(try container.resolve((any ArgumentGreeter).self, arguments: "dan").greet() == "HELLO DAN!!")
    #expect(try container.resolve((any ArgumentGreeter).self, arguments: "eve").greet() == "HELLO EVE!!")
  }

  @Test func validateWithArgumentsChecksTheDecoratedDefinition() {
    let report = container().validate(arguments: "frank")
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
  }
}

extension DecoratingRuntimeArgumentsTests {
  @Test func validateWithoutArgumentsSkipsTheDecoratedDefinitionAndReportsNoProblem() {
    let report = container().validate()
    #expect(report.problems.isEmpty, "\(report.problems.map(\.description))")
  }

  @Test func anAutowiredRequestWithoutArgumentsIsDecoratedToo() throws {
    let container = container()
    container.register { "zoe" }
    #expect(try container.resolve((any ArgumentGreeter).self).greet() == "HELLO ZOE!")
  }
}
