import SuiteSupport
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

final class PlainBadgeSource: BadgeSource {
  var count: Int { 1 }
}

protocol BadgeSource: AnyObject, Sendable {
  var count: Int { get }
}

/// A main-actor decorator of a definition that is not on the main actor.
@MainActor
final class BadgeSourceView: BadgeSource {
  let inner: any BadgeSource
  init(inner: any BadgeSource) { self.inner = inner }
  nonisolated var count: Int { 10 }
}

/// A decorator written as a `@MainActor` closure makes a main-actor wrapper without
/// `MainActor.assumeIsolated` (outside client 38: the docs said it could, and only the
/// assumption compiled), and runs on the main actor whatever it decorates.
struct MainActorClosureDecoratorTests {
  private static func badges() -> Container {
    let container = Container()
    container.register { @MainActor _ in DecoratedBadgeView() }.implements((any BadgeShowing).self)
    container.decorate((any BadgeShowing).self) { @MainActor _, inner in CountingBadge(inner: inner) }
    return container
  }

  private static func sources() -> Container {
    let container = Container()
    container.register { PlainBadgeSource() }.implements((any BadgeSource).self)
    container.decorate((any BadgeSource).self) { @MainActor _, inner in BadgeSourceView(inner: inner) }
    return container
  }

  @Test func anAwaitedResolveFromAnyTaskRunsItOnTheMainActor() async throws {
    let badges = Self.badges()
    let badge = try await Task.detached { try await badges.resolve((any BadgeShowing).self) }.value
    #expect(await badge.count == 4)
    let sources = Self.sources()
    let source = try await Task.detached { try await sources.resolve((any BadgeSource).self) }.value
    #expect(source is BadgeSourceView)
  }

  @MainActor @Test func aSynchronousResolveOnTheMainActorRunsItThere() throws {
    #expect(try Self.badges().resolve((any BadgeShowing).self).count == 4)
    #expect(try Self.sources().resolve((any BadgeSource).self) is BadgeSourceView)
  }

  @Test func aSynchronousResolveOffTheMainActorThrowsRequiresMainActorEvenForADefinitionThatIsNot() {
    for resolve in [
      { _ = try Self.badges().resolve((any BadgeShowing).self) },
      { _ = try Self.sources().resolve((any BadgeSource).self) },
    ] as [() throws -> Void] {
      let error = #expect(throws: ResolutionError.self, performing: resolve)
      #expect(error?.code == .requiresMainActor, "\(error.map { "\($0)" } ?? "")")
    }
  }

  @MainActor @Test func validateChecksItOnTheMainActor() async {
    #expect({ Self.sources().validate() }().isValid)
    #expect(await Self.sources().validate().isValid)
  }
}
