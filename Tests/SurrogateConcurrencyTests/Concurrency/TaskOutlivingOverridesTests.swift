import SuiteSupport
import Surrogate
import Synchronization
import Testing

private protocol Clock: Sendable { var name: String { get } }
private final class SystemClock: Clock {
  var name: String { "system" }
}
private final class FrozenClock: Clock {
  var name: String { "frozen" }
}

/// What a screen of a child container (or a scope's request) takes.
private struct Countdown: Sendable {
  let clock: any Clock
}

/// A task started inside `withOverrides` (`Task { }` inherits the overrides) that resolves after
/// they ended: through the overridden container it throws `containerShutDown`; so must it through
/// a child container, a scope or a collaborator, instead of resolving the mock or the real clock.
struct TaskOutlivingOverridesTests {
  private func app() -> Container {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    return app
  }

  /// Runs `resolve` in a task started inside overrides of `app`, once they have ended.
  private func resolvedAfterTheOverrides(
    of app: Container, _ resolve: @escaping @Sendable () async throws -> Countdown
  ) async -> Result<String, any Error> {
    let ended = AsyncStream<Void>.makeStream()
    let task = app.withOverrides({ $0.register(type: (any Clock).self) { FrozenClock() } }) {
      Task { () -> Result<String, any Error> in
        for await _ in ended.stream { break }
        do {
          return .success(try await resolve().clock.name)
        } catch {
          return .failure(error)
        }
      }
    }
    ended.continuation.yield()
    return await task.value
  }

  @Test func throughTheOverriddenContainerItThrows() async throws {
    let app = app()
    app.register { r in Countdown(clock: try r.resolve()) }
    let outcome = await resolvedAfterTheOverrides(of: app) { try await app.resolve(Countdown.self) }
    #expect(throws: ResolutionError.self) { try outcome.get() }
  }

  @Test func throughAChildContainerItThrows() async throws {
    let app = app()
    let screen = Container(parent: app)
    screen.register { r in Countdown(clock: try r.resolve()) }
    let outcome = await resolvedAfterTheOverrides(of: app) { try await screen.resolve(Countdown.self) }
    #expect(throws: ResolutionError.self, "resolved \((try? outcome.get()) ?? "")") { try outcome.get() }
    if case .failure(let error) = outcome, let error = error as? ResolutionError {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("withOverrides"), "\(error.message)")
      #expect(error.remedy.contains("a task started there"), "\(error.remedy)")
    }
  }

  @Test func throughAScopeItThrows() async throws {
    let app = app()
    app.register { r in Countdown(clock: try r.resolve()) }
    let outcome = await resolvedAfterTheOverrides(of: app) {
      try await app.withScope { scope in try await scope.resolve(Countdown.self) }
    }
    #expect(throws: ResolutionError.self, "resolved \((try? outcome.get()) ?? "")") { try outcome.get() }
  }

  @Test func throughACollaboratorItThrows() async throws {
    let app = app()
    let feature = Container()
    feature.register { r in Countdown(clock: try r.resolve()) }
    feature.collaborate(with: app)
    let outcome = await resolvedAfterTheOverrides(of: app) { try await feature.resolve(Countdown.self) }
    #expect(throws: ResolutionError.self, "resolved \((try? outcome.get()) ?? "")") { try outcome.get() }
  }
}
