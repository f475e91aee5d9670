import Surrogate
import Testing

private protocol Lamp: AnyObject {}
private final class DeskLamp: Lamp {}
private final class DimmedLamp: Lamp {
  let inner: any Lamp
  init(_ inner: any Lamp) { self.inner = inner }
}

/// Decorating a tag that has no definition of its own decorates what a request for that tag
/// finds, the untagged definition, for that tag only: the untagged requests, and the definition
/// itself, stay as they were.
struct DecoratedTagFallbackTests {
  enum Registered: CaseIterable, Sendable { case directly, forwarded }

  private static let lamp = DefinitionKey(type: (any Lamp).self)

  /// An untagged `Lamp` (registered as one, or forwarded from `DeskLamp`), with its definition.
  private func lamps(_ registered: Registered) -> (Container, remove: () -> Void) {
    let app = Container()
    switch registered {
    case .directly:
      let definition = app.register(.singleton, type: (any Lamp).self) { DeskLamp() }
      return (app, { app.remove(definition) })
    case .forwarded:
      let definition = app.register(.singleton) { DeskLamp() }.implements((any Lamp).self)
      return (app, { app.remove(definition) })
    }
  }

  @Test(arguments: Registered.allCases)
  func decoratingATagLeavesTheUntaggedDefinitionItFallsBackToAsItWas(registered: Registered) throws {
    let (app, _) = lamps(registered)
    app.decorate((any Lamp).self, tag: "evening") { _, inner in DimmedLamp(inner) }
    let plain = try app.resolve((any Lamp).self)
    #expect(plain is DeskLamp)
    let evening = try #require(try app.resolve((any Lamp).self, tag: "evening") as? DimmedLamp)
    #expect(ObjectIdentifier(evening.inner) == ObjectIdentifier(plain))
    #expect(try app.resolve((any Lamp).self, tag: "morning") is DeskLamp)
    #expect(app.validate().isValid, "\(app.validate())")
  }

  @Test(arguments: Registered.allCases)
  func removingTheUntaggedDefinitionATagDecoratedRemovesTheDecorationToo(registered: Registered) throws {
    let (app, remove) = lamps(registered)
    app.decorate((any Lamp).self, tag: "evening") { _, inner in DimmedLamp(inner) }
    remove()
    let plain = #expect(throws: ResolutionError.self) { try app.resolve((any Lamp).self) }
    #expect(plain?.code == .definitionNotFound)
    #expect(plain?.key == Self.lamp)
    let evening = #expect(throws: ResolutionError.self) { try app.resolve((any Lamp).self, tag: "evening") }
    #expect(evening?.code == .definitionNotFound)
    #expect(app.validate().isValid, "\(app.validate())")
    // What is registered next is not decorated, for the tag either.
    app.register(.singleton, type: (any Lamp).self) { DeskLamp() }
    #expect(try app.resolve((any Lamp).self, tag: "evening") is DeskLamp)
  }
}
