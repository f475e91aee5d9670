import Surrogate
import Testing

@MainActor
protocol BadgeShowing: AnyObject, Sendable {
  var count: Int { get }
}

@MainActor
final class DecoratedBadgeView: BadgeShowing {
  var count: Int { 3 }
}

/// A main-actor decorator: it can be made only on the main actor.
@MainActor
final class CountingBadge: BadgeShowing {
  let inner: any BadgeShowing
  init(inner: any BadgeShowing) { self.inner = inner }
  var count: Int { inner.count + 1 }
}

/// A decorator of a main-actor definition runs where the definition's factory runs: on the main
/// actor, under `try await` from anywhere as synchronously on the main actor. Under `try await`
/// it ran off the main actor, and a decorator that makes a main-actor wrapper
/// (`MainActor.assumeIsolated`) trapped (outside client 29).
struct MainActorDecoratorTests {
  private static func badges() -> Container {
    let container = Container()
    container.register { @MainActor _ in DecoratedBadgeView() }.implements((any BadgeShowing).self)
    container.decorate((any BadgeShowing).self) { _, inner in
      MainActor.assumeIsolated { CountingBadge(inner: inner) }
    }
    return container
  }

  @Test func anAwaitedResolveFromAnyTaskRunsTheDecoratorOnTheMainActor() async throws {
    let container = Self.badges()
    let badge = try await Task.detached { try await container.resolve((any BadgeShowing).self) }.value
    #expect(await badge.count == 4)
  }

  @MainActor @Test func anAwaitedResolveFromTheMainActorRunsItThere() async throws {
    #expect(try await Self.badges().resolve((any BadgeShowing).self).count == 4)
  }

  @MainActor @Test func aSynchronousResolveOnTheMainActorRunsItThere() throws {
    #expect(try Self.resolveOnMain(from: Self.badges()).count == 4)
  }

  @Test func aSynchronousResolveOffTheMainActorSaysToAwait() {
    #expect(throws: ResolutionError.self) { try Self.resolveNow(from: Self.badges()) }
  }

  private static func resolveNow(from container: Container) throws -> any BadgeShowing {
    try container.resolve((any BadgeShowing).self)
  }

  @MainActor private static func resolveOnMain(from container: Container) throws -> any BadgeShowing {
    try container.resolve((any BadgeShowing).self)
  }
}
