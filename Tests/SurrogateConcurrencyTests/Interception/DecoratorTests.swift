import SuiteSupport
import Surrogate
import Synchronization
import Testing

protocol Catalogue: Sendable {
  func name(of id: Int) throws -> String
}

final class RemoteCatalogue: Catalogue {
  let made = Locked(0)
  func name(of id: Int) throws -> String { "drink \(id)" }
}

final class CachingCatalogue: Catalogue {
  let upstream: any Catalogue
  init(upstream: any Catalogue) { self.upstream = upstream }
  func name(of id: Int) throws -> String { "cached " + (try upstream.name(of: id)) }
}

final class LoggingCatalogue: Catalogue {
  let upstream: any Catalogue
  let prefix: String
  init(upstream: any Catalogue, prefix: String = "logged") {
    self.upstream = upstream
    self.prefix = prefix
  }
  func name(of id: Int) throws -> String { prefix + " " + (try upstream.name(of: id)) }
}

/// Counts instances made, per type name.
final class MadeCounter: Sendable {
  private let counts = Mutex<[String: Int]>([:])
  func made(_ name: String) { counts.withLock(owner: self) { $0[name, default: 0] += 1 } }
  subscript(name: String) -> Int { counts.withLock(owner: self) { $0[name] ?? 0 } }
}

struct DecoratorTests {
  func container(_ scope: Scope = .singleton, counter: MadeCounter = MadeCounter()) -> Container {
    let container = Container()
    container.register(scope) { () -> RemoteCatalogue in
      counter.made("remote")
      return RemoteCatalogue()
    }
    .implements((any Catalogue).self)
    container.decorate((any Catalogue).self) { _, inner in
      counter.made("caching")
      return CachingCatalogue(upstream: inner)
    }
    container.decorate((any Catalogue).self) { _, inner in
      counter.made("logging")
      return LoggingCatalogue(upstream: inner)
    }
    return container
  }

  @Test func theLastDecoratorAppliedIsTheOutermost() throws {
    let catalogue = try container().resolve((any Catalogue).self)
    #expect(try catalogue.name(of: 7) == "logged cached drink 7")
    #expect(catalogue is LoggingCatalogue)
  }

  @Test func aDefinitionRegisteredAfterDecoratingIsNotDecorated() throws {
    let container = Container()
    container.register(.singleton, type: (any Catalogue).self) { RemoteCatalogue() }
    container.decorate((any Catalogue).self) { _, inner in CachingCatalogue(upstream: inner) }
    // A stub assembly applied after the app's swaps the definition, and its decorator with it.
    container.register(.singleton, type: (any Catalogue).self) { RemoteCatalogue() }
    #expect(try container.resolve((any Catalogue).self) is RemoteCatalogue)
    // Decorating again wraps the stub.
    container.decorate((any Catalogue).self) { _, inner in CachingCatalogue(upstream: inner) }
    #expect(try container.resolve((any Catalogue).self) is CachingCatalogue)
  }

  @Test func aDecoratedSingletonIsDecoratedOnce() throws {
    let counter = MadeCounter()
    let container = container(.singleton, counter: counter)
    let first = try container.resolve((any Catalogue).self)
    let second = try container.resolve((any Catalogue).self)
    #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
    #expect(counter["remote"] == 1 && counter["caching"] == 1 && counter["logging"] == 1)
  }

  @Test func aDecoratedUniqueDefinitionIsDecoratedEveryTime() throws {
    let counter = MadeCounter()
    let container = container(.unique, counter: counter)
    _ = try container.resolve((any Catalogue).self)
    _ = try container.resolve((any Catalogue).self)
    #expect(counter["remote"] == 2 && counter["caching"] == 2 && counter["logging"] == 2)
  }

  @Test func theUndecoratedTypeStaysReachable() throws {
    let remote = try container().resolve(RemoteCatalogue.self)
    #expect(try remote.name(of: 1) == "drink 1")
  }

  @Test func aTagCanBeDecoratedAloneOrEveryTagAtOnce() throws {
    let container = Container()
    container.register(.singleton, type: (any Catalogue).self, tag: "live") { RemoteCatalogue() }
    container.register(.singleton, type: (any Catalogue).self, tag: "stub") { RemoteCatalogue() }
    container.decorate((any Catalogue).self, tag: "live") { _, inner in CachingCatalogue(upstream: inner) }
    #expect(try container.resolve((any Catalogue).self, tag: "live").name(of: 1) == "cached drink 1")
    #expect(try container.resolve((any Catalogue).self, tag: "stub").name(of: 1) == "drink 1")
    container.decorate((any Catalogue).self) { _, inner in LoggingCatalogue(upstream: inner) }
    #expect(try container.resolve((any Catalogue).self, tag: "live").name(of: 1) == "logged cached drink 1")
    #expect(try container.resolve((any Catalogue).self, tag: "stub").name(of: 1) == "logged drink 1")
  }

  @Test func aChildDecoratesWhatItInheritsAndTheParentStaysAsItWas() throws {
    let parent = Container()
    parent.register(.singleton) { RemoteCatalogue() }.implements((any Catalogue).self)
    let child = Container(parent: parent)
    child.decorate((any Catalogue).self) { _, inner in CachingCatalogue(upstream: inner) }
    #expect(try child.resolve((any Catalogue).self).name(of: 2) == "cached drink 2")
    #expect(try parent.resolve((any Catalogue).self).name(of: 2) == "drink 2")
  }

  @Test func aDecoratorResolvesItsOwnDependenciesAndValidationFindsAMissingOne() throws {
    let container = Container()
    container.register(.singleton) { RemoteCatalogue() }.implements((any Catalogue).self)
    container.decorate((any Catalogue).self) { r, inner in
      LoggingCatalogue(upstream: inner, prefix: try r.resolve(String.self, tag: "prefix"))
    }
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.definitionNotFound], "\(report)")
    #expect(report.problems.first?.key == DefinitionKey(type: String.self, tag: DefinitionTag("prefix")), "\(report)")
    container.register(tag: "prefix") { "traced" }
    #expect(container.validate().isValid)
    #expect(try container.resolve((any Catalogue).self).name(of: 3) == "traced drink 3")
  }

  @Test func aDecoratorOfTheWrongTypeIsAnInvalidTypeError() {
    let container = Container()
    container.register(.singleton) { RemoteCatalogue() }.implements((any Catalogue).self)
    container.decorate((any Catalogue).self) { _, inner in "not a catalogue" }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Catalogue).self) }
    #expect(error?.code == .invalidType)
    // The decorator's closure is what to change: no `.implements(...)` forwarded it (outside
    // client 37: the remedy said to remove Catalogue from the `.implements(...)` of the decorator).
    #expect(
      error?.message.hasPrefix("A decorator of Catalogue returned an instance of type String") == true,
      "\(String(describing: error))")
    #expect(error?.remedy.contains(".implements") == false, "\(String(describing: error?.remedy))")
  }

  @Test func aCycleThroughADecoratorIsACircularDependency() {
    let container = Container()
    container.register(.shared) { RemoteCatalogue() }.implements((any Catalogue).self)
    container.decorate((any Catalogue).self) { r, inner in
      LoggingCatalogue(upstream: try r.resolve((any Catalogue).self))
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Catalogue).self) }
    #expect(error?.code == .circularDependency)
  }

  @Test func askingForADecoratorByItsOwnTypeSaysWhatItDecorates() {
    let error = #expect(throws: ResolutionError.self) { try container().resolve(CachingCatalogue.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.nearby.isEmpty == true)
    #expect(
      error?.remedy
        == "CachingCatalogue is made only as a decorator of Catalogue: resolve Catalogue, which hands it out, or register CachingCatalogue on its own."
    )
  }

  @Test func decoratingAConcreteTypeLeavesTheTypesForwardedFromItWorking() throws {
    let container = Container()
    let configured = MadeCounter()
    container.register(.singleton) { RemoteCatalogue() }.implements((any Catalogue).self)
    container.decorate(RemoteCatalogue.self) { _, inner in
      configured.made("remote")
      return inner
    }
    let remote = try container.resolve(RemoteCatalogue.self)
    #expect(configured["remote"] == 1)
    let catalogue = try container.resolve((any Catalogue).self)
    #expect(ObjectIdentifier(catalogue as AnyObject) == ObjectIdentifier(remote))
    #expect(try catalogue.name(of: 5) == "drink 5")
    #expect(container.validate().isValid)
  }

  @Test func theGraphExportDrawsTheChain() throws {
    let graph = try container().dependencyGraph(of: (any Catalogue).self)
    let names = graph.edges.map { "\($0.from.type) → \($0.to.type)" }
    #expect(names.sorted() == ["CachingCatalogue → RemoteCatalogue", "LoggingCatalogue → CachingCatalogue"])
    let dot = graph.dot()
    #expect(dot.contains("LoggingCatalogue") && dot.contains("CachingCatalogue") && dot.contains("RemoteCatalogue"))
  }
}
