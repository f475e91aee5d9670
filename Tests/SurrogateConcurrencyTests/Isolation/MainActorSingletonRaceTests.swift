import SuiteSupport
import Surrogate
import Testing

/// A main-actor singleton asked for at once by an awaited resolve (which needs the main actor to
/// make it) and by a synchronous resolve on the main actor (which would block the main actor
/// waiting for it): each gets the instance or a typed error, and nothing hangs.
@Suite(.hangGuard) struct MainActorSingletonRaceTests {
  @MainActor final class Banner {}

  /// A synchronous resolve on the main actor, and what came of it.
  @MainActor private static func resolveSynchronously(from container: Container) -> String {
    do {
      _ = try container.resolve(Banner.self)
      return "synchronous"
    } catch {
      // Typed, and saying what to do: the awaited form.
      return error.code == .requiresAwait && error.remedy.contains("try await") ? "told to await" : "\(error)"
    }
  }

  @Test func anAwaitedAndASynchronousMainActorResolveOfTheSameSingletonNeverHang() async {
    let outcomes = Locked<[String: Int]>([:])
    let finished = await finishes(stallingAtMost: .seconds(60)) { progressed in
      for _ in 0..<400 {
        let container = Container()
        container.register(.singleton) { @MainActor _ in Banner() }
        await withTaskGroup(of: Void.self) { race in
          race.addTask {
            let outcome: String
            do {
              _ = try await container.resolve(Banner.self)
              outcome = "awaited"
            } catch {
              outcome = "awaited threw \(error)"
            }
            outcomes.withLock { $0[outcome, default: 0] += 1 }
          }
          race.addTask { @MainActor in
            let outcome = Self.resolveSynchronously(from: container)
            outcomes.withLock { $0[outcome, default: 0] += 1 }
          }
        }
        progressed()
      }
    }
    #expect(
      finished, "a resolve hung (a round made no progress for 60 s); outcomes so far: \(outcomes.withLock { $0 })")
    let allowed: Set<String> = ["awaited", "synchronous", "told to await"]
    #expect(Set(outcomes.withLock { $0.keys }).isSubset(of: allowed), "\(outcomes.withLock { $0 })")
  }
}
