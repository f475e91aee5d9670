import SuiteSupport
import Surrogate
import Testing

// A session store (a custom scope, reset on logout) that two main-actor view models take: one
// resolved synchronously on the main actor, as a view model's initializer does, the other with an
// awaited resolve in the background, while logouts reset the scope (outside client 32).

private final class ResetRaceStore: Sendable {}

@MainActor private final class ForegroundModel {
  let store: ResetRaceStore
  init(store: ResetRaceStore) { self.store = store }
}

@MainActor private final class BackgroundModel {
  let store: ResetRaceStore
  init(store: ResetRaceStore) { self.store = store }
}

extension Scope {
  fileprivate static let raceSession = Scope.custom("raceSession")
}

@Suite(.hangGuard) struct MainActorResetRaceTests {
  private static func app(_ scope: Scope) -> Container {
    let container = Container()
    container.register(scope) { ResetRaceStore() }
    container.register(.shared) { @MainActor r in ForegroundModel(store: try r.resolve()) }
    container.register(.shared) { @MainActor r in BackgroundModel(store: try r.resolve()) }
    return container
  }

  @MainActor private static func resolveSynchronously(_ container: Container) -> String? {
    do {
      _ = try container.resolve(ForegroundModel.self)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @MainActor private static func foregroundLoop(_ container: Container) async -> [String] {
    var failures: [String] = []
    for _ in 0..<1_000 {
      if let failure = resolveSynchronously(container) { failures.append(failure) }
      await Task.yield()
    }
    return failures
  }

  private static func backgroundLoop(_ container: Container) async throws -> [String] {
    for _ in 0..<1_000 { _ = try await container.resolve(BackgroundModel.self) }
    return []
  }

  private static func resetLoop(_ container: Container, _ scope: Scope) async throws -> [String] {
    for _ in 0..<200 {
      container.reset(scope)
      try await Task.sleep(for: .microseconds(100))
    }
    return []
  }

  /// A resolve that races a reset gets the old instance or a new one (Scopes.md): a synchronous
  /// one on the main actor too, never `requiresAwait` for a store nothing needs the main actor to
  /// make. Bounded: 1,000 rounds a scope kind.
  @Test(arguments: [Scope.raceSession, .singleton])
  func aSynchronousMainActorResolveRacingAResetAndAnAwaitedOneGetsAnInstance(_ scope: Scope) async throws {
    let container = Self.app(scope)
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      group.addTask { await Self.foregroundLoop(container) }
      group.addTask { try await Self.backgroundLoop(container) }
      group.addTask { try await Self.resetLoop(container, scope) }
      var all: [String] = []
      for try await failures in group { all += failures }
      return all
    }
    #expect(failures.isEmpty, "\(failures.count) failed: \(Set(failures))")
  }
}
