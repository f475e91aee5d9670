import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A singleton an awaited graph made, complete on its own, is handed to other threads while that
/// graph is suspended, not when it finishes: a thread that waited for it meanwhile blocked the
/// main actor the graph needed, or every thread of the cooperative pool it needed to resume, for
/// good (outside client 34). Here the graph is let go of after three seconds whatever happens,
/// so the old behaviour fails the test instead of hanging it.
@Suite(.hangGuard)
struct SuspendedGraphPublicationTests {
  final class Plain: Sendable {}
  final class Flag: Sendable {
    let isSet = Locked(false)
  }
  final class Slow: Sendable {
    let plain: Plain
    init(plain: Plain) { self.plain = plain }
  }

  /// An app whose `Slow` is made by an `async` factory that makes the `Plain` singleton, says so,
  /// and suspends until `release` finishes.
  private static func app(made: AsyncStream<Void>.Continuation, release: AsyncStream<Void>) -> Container {
    let app = Container()
    app.register(.singleton) { Plain() }
    app.register { r async throws in
      let plain = try await r.resolve(Plain.self)
      made.yield()
      for await _ in release {}
      return Slow(plain: plain)
    }
    return app
  }

  private static func resolvePlain(_ app: Container) throws -> Plain { try app.resolve(Plain.self) }

  @Test(arguments: [false, true])
  func aSingletonIsHandedOutWhileTheAwaitedGraphThatMadeItIsSuspended(onMainActor: Bool) async throws {
    let (made, madeContinuation) = AsyncStream<Void>.makeStream()
    let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
    let app = Self.app(made: madeContinuation, release: release)
    let slow = Task { try await app.resolve(Slow.self) }
    for await _ in made { break }
    let released = Flag()
    DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
      released.isSet.withLock { $0 = true }
      releaseContinuation.finish()
    }
    // Whether the graph was let go of is read where the resolve returned: a thread of its own, or
    // the main actor, not the cooperative pool, which blocking tests elsewhere in the suite may
    // hold for seconds.
    let (plain, waited) =
      onMainActor
      ? try await MainActor.run { (try Self.resolvePlain(app), released.isSet.withLock { $0 }) }
      : try await onNewThread { Result { (try Self.resolvePlain(app), released.isSet.withLock { $0 }) } }.get()
    #expect(!waited, "the resolve waited for the graph to finish")
    releaseContinuation.finish()
    #expect(try await slow.value.plain === plain)
  }
}
