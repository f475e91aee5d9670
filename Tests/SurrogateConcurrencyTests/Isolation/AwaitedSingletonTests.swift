import Surrogate
import Testing

/// `try await resolve` of a singleton already made reads it as the synchronous `resolve` does,
/// without a graph; these are the cases where that shortcut must not answer, or must answer what
/// the graph would.
struct AwaitedSingletonTests {
  final class Clock: Sendable {}
  final class Session: Sendable {}
  final class Screen: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
  }

  /// The synchronous `resolve` (inside an `async` function, `try container.resolve` is the
  /// awaited one).
  static func resolveNow<T>(_ type: T.Type, tag: String? = nil, in container: Container) throws -> T {
    if let tag { return try container.resolve(type, tag: tag) }
    return try container.resolve(type)
  }

  @Test func anAwaitedRequestForAMadeSingletonIsTheSingleton() async throws {
    let container = Container()
    container.register(.singleton) { Clock() }
    let made = try Self.resolveNow(Clock.self, in: container)
    let awaited = try await container.resolve(Clock.self)
    let fromAnotherTask = try await Task.detached { try await container.resolve(Clock.self) }.value
    #expect(awaited === made)
    #expect(fromAnotherTask === made)
  }

  @Test func anAwaitedTaggedRequestInAChildFindsTheParentsTaggedSingletonFirst() async throws {
    // Dip's rule: a tagged request falls back to an ancestor's tagged definition before the
    // untagged one, so the child's own made untagged singleton is not the answer.
    let app = Container()
    app.register(.singleton, tag: "utc") { Clock() }
    let screen = Container(parent: app)
    screen.register(.singleton) { Clock() }
    let untagged = try Self.resolveNow(Clock.self, in: screen)
    let tagged = try Self.resolveNow(Clock.self, tag: "utc", in: screen)
    #expect(untagged !== tagged)
    #expect(try await screen.resolve(Clock.self, tag: "utc") === tagged)
    #expect(try await screen.resolve(Clock.self) === untagged)
  }

  @Test func aReleasedWeakSingletonIsMadeAgainWhenAwaited() async throws {
    let container = Container()
    container.register(.weakSingleton) { Session() }
    var first: Session? = try Self.resolveNow(Session.self, in: container)
    weak let released = first
    first = nil
    #expect(released == nil)
    let again = try await container.resolve(Session.self)
    let kept = try await container.resolve(Session.self)
    #expect(again === kept)
  }

  @Test func anAwaitedRequestInsideAnAsyncFactoryUsesTheMadeSingleton() async throws {
    let container = Container()
    container.register(.singleton) { Clock() }
    container.register { (_: Resolver) async throws in Screen(clock: try await container.resolve(Clock.self)) }
    let clock = try Self.resolveNow(Clock.self, in: container)
    let screen = try await container.resolve(Screen.self)
    #expect(screen.clock === clock)
  }

  @Test func aSingletonRemovedAfterItWasMadeIsNotFoundWhenAwaited() async throws {
    let container = Container()
    let definition = container.register(.singleton) { Clock() }
    _ = try Self.resolveNow(Clock.self, in: container)
    container.remove(definition)
    await #expect(throws: ResolutionError.self) { try await container.resolve(Clock.self) }
  }
}
