import SuiteSupport
import Surrogate
import Testing

/// A definition that takes runtime arguments reuses its instance by definition and tag, as Dip
/// does, not by the arguments' values: what GettingStarted.md and DipCompatibility.md say.
struct RuntimeArgumentReuseTests {
  private final class Greeter: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }
  private final class Pair: Sendable {
    let first: Greeter
    let second: Greeter
    init(first: Greeter, second: Greeter) { (self.first, self.second) = (first, second) }
  }

  private func container(greeterScope: Scope) -> Container {
    let container = Container()
    container.register(greeterScope) { (_, name: String) in Greeter(name: name) }
    container.register { r in Pair(first: try r.resolve(arguments: "ann"), second: try r.resolve(arguments: "bob")) }
    return container
  }

  @Test func aSharedDefinitionWithArgumentsIsOneInstancePerGraphWhateverTheValues() throws {
    let pair = try container(greeterScope: .shared).resolve(Pair.self)
    #expect(pair.first === pair.second)
    #expect(pair.second.name == "ann")
  }

  @Test func aUniqueDefinitionWithArgumentsMakesOneInstancePerValue() throws {
    let pair = try container(greeterScope: .unique).resolve(Pair.self)
    #expect(pair.first !== pair.second)
    #expect([pair.first.name, pair.second.name] == ["ann", "bob"])
  }

  @Test func aSharedDefinitionWithArgumentsTakesNewValuesInTheNextGraph() throws {
    let container = container(greeterScope: .shared)
    let ann = try container.resolve(Greeter.self, arguments: "ann")
    let bob = try container.resolve(Greeter.self, arguments: "bob")
    #expect([ann.name, bob.name] == ["ann", "bob"])
  }
}
