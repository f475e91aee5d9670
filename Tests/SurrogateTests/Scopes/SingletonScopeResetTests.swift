import Surrogate
import Testing

private final class EagerThing: Sendable {}
private final class PlainSingletonThing: Sendable {}
private final class WeakThing: Sendable {}

/// `reset(.singleton)` resets the `.singleton` scope; each other singleton scope is reset by its
/// own name (Scopes.md, `reset(_:)`).
struct SingletonScopeResetTests {
  @Test func eachSingletonScopeIsResetByItsOwnName() throws {
    let container = Container()
    container.register(.eagerSingleton) { EagerThing() }
    container.register(.singleton) { PlainSingletonThing() }
    container.register(.weakSingleton) { WeakThing() }
    try container.bootstrap()
    let eager = try container.resolve(EagerThing.self)
    let plain = try container.resolve(PlainSingletonThing.self)
    let weak = try container.resolve(WeakThing.self)

    container.reset(.singleton)
    #expect(try container.resolve(PlainSingletonThing.self) !== plain)
    #expect(try container.resolve(EagerThing.self) === eager)
    #expect(try container.resolve(WeakThing.self) === weak)

    container.reset(.eagerSingleton)
    #expect(try container.resolve(EagerThing.self) !== eager)
    container.reset(.weakSingleton)
    #expect(try container.resolve(WeakThing.self) !== weak)
  }
}
