import SuiteSupport
import Surrogate
import Synchronization
import Testing

private final class RaceLedger: Sendable {
  let made = Atomic<Int>(0)
  let disposed = Atomic<Int>(0)
  let disposedTwice = Atomic<Int>(0)
}

/// Counts its own disposals: each must happen once, whoever runs it.
private final class RaceResource: Disposable, Sendable {
  let ledger: RaceLedger
  private let disposals = Atomic<Int>(0)
  init(ledger: RaceLedger) {
    self.ledger = ledger
    ledger.made.add(1, ordering: .relaxed)
  }
  func disposeNow() {
    if disposals.add(1, ordering: .relaxed).newValue > 1 { ledger.disposedTwice.add(1, ordering: .relaxed) }
    ledger.disposed.add(1, ordering: .relaxed)
  }
  func dispose() async throws { disposeNow() }
}

/// A `.unique` worker on the scope's session, disposed asynchronously (through `Disposable`).
private final class RaceWorker: Disposable, Sendable {
  let session: RaceResource
  let own: RaceResource
  init(session: RaceResource, ledger: RaceLedger) {
    self.session = session
    own = RaceResource(ledger: ledger)
  }
  func dispose() async throws { own.disposeNow() }
}

/// A resolve racing the end of its scope or its container's `shutdown()`: every instance made is
/// disposed once, by the end or by the failing resolve, never escapes. Seeded and bounded in
/// operations (CI runs it under ThreadSanitizer).
struct ShutdownRaceStressTests {
  static let seeds: [UInt64] = [0x5A1E_0001, 0x5A1E_0002, 0x5A1E_0003]

  @Test(arguments: seeds)
  func anInstanceMadeWhileItsScopeEndsIsDisposedOnce(seed: UInt64) async throws {
    var generator = SeededGenerator(seed: seed)
    let ledger = RaceLedger()
    let app = Container()
    app.register(.scoped) { RaceResource(ledger: ledger) }
      .disposing { session in session.disposeNow() }
    app.register(.unique) { r in RaceWorker(session: try r.resolve(), ledger: ledger) }
    for _ in 0..<24 {
      let yields = Int.random(in: 0...6, using: &generator)
      let awaits = Bool.random(using: &generator)
      let resolver = Locked<Task<Void, Never>?>(nil)
      try await app.withScope(reportingDisposalFailures: { Issue.record("\($0)") }) { scope in
        let task = Task.detached {
          for _ in 0..<100 {
            do {
              if awaits {
                _ = try await scope.resolve(RaceWorker.self)
              } else {
                _ = try resolveNow(RaceWorker.self, from: scope)
              }
            } catch let error as ResolutionError {
              #expect(error.code == .containerShutDown, "\(error)")
              return
            } catch {
              Issue.record("\(error)")
              return
            }
          }
        }
        resolver.withLock { $0 = task }
        for _ in 0..<yields { await Task.yield() }
      }
      await resolver.withLock { $0 }?.value
    }
    // A synchronous resolve that failed hands its async disposals to the app.
    try await app.shutdown()
    #expect(ledger.made.load(ordering: .relaxed) == ledger.disposed.load(ordering: .relaxed))
    #expect(ledger.disposedTwice.load(ordering: .relaxed) == 0)
    #expect(ledger.made.load(ordering: .relaxed) > 0)
  }

  @Test(arguments: seeds)
  func aSingletonMadeWhileItsContainerShutsDownIsDisposedOnce(seed: UInt64) async throws {
    var generator = SeededGenerator(seed: seed)
    let ledger = RaceLedger()
    for _ in 0..<24 {
      let app = Container()
      for tag in 0..<8 {
        app.register(.singleton, tag: tag) { RaceResource(ledger: ledger) }
          .disposing { resource in resource.disposeNow() }
      }
      let yields = Int.random(in: 0...6, using: &generator)
      let order = (0..<8).shuffled(using: &generator)
      let resolver = Task.detached {
        for tag in order {
          do {
            _ = try resolveNow(RaceResource.self, tag: tag, from: app)
          } catch let error as ResolutionError {
            #expect(error.code == .containerShutDown, "\(error)")
          } catch {
            Issue.record("\(error)")
          }
        }
      }
      for _ in 0..<yields { await Task.yield() }
      try await app.shutdown()
      await resolver.value
    }
    #expect(ledger.made.load(ordering: .relaxed) == ledger.disposed.load(ordering: .relaxed))
    #expect(ledger.disposedTwice.load(ordering: .relaxed) == 0)
  }
}

private func resolveNow<T>(_ type: T.Type, tag: Int, from container: Container) throws(ResolutionError) -> T {
  try container.resolve(type, tag: tag)
}
