import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// Counts its own disposals: each must happen exactly once.
private final class CountedResource: Disposable, Sendable {
  let scopeID: Int
  let disposals = Atomic<Int>(0)
  let ledger: Ledger
  init(scopeID: Int, ledger: Ledger) {
    self.scopeID = scopeID
    self.ledger = ledger
    ledger.made.add(1, ordering: .relaxed)
  }
  func dispose() async throws {
    disposals.add(1, ordering: .relaxed)
    ledger.disposed.add(1, ordering: .relaxed)
  }
}

/// A `.unique` resource made in a scope, that depends on the scope's session.
private final class CountedWorker: Disposable, Sendable {
  let session: CountedResource
  let disposals = Atomic<Int>(0)
  init(session: CountedResource) { self.session = session }
  func dispose() async throws {
    // Dependents first: the session it uses is not disposed yet.
    #expect(session.disposals.load(ordering: .relaxed) == 0)
    disposals.add(1, ordering: .relaxed)
  }
}

private final class Ledger: Sendable {
  let made = Atomic<Int>(0)
  let disposed = Atomic<Int>(0)
}

private struct ScopeID: Sendable {
  let value: Int
}

/// Many scopes at once on one app container, each disposing its own instances exactly once,
/// dependents first; bounded in operations, seeded (run under ThreadSanitizer by CI).
struct ConcurrentScopeStressTests {
  static let seeds: [UInt64] = [0x5C0F_E001, 0x5C0F_E002, 0x5C0F_E003]

  @Test(arguments: seeds)
  func concurrentScopesEachDisposeTheirOwnInstancesExactlyOnce(seed: UInt64) async throws {
    let ledger = Ledger()
    let app = Container()
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
    app.register(.scoped) { r in CountedResource(scopeID: try r.resolve(ScopeID.self).value, ledger: ledger) }
    app.register(.unique) { r in CountedWorker(session: try r.resolve()) }
    var generator = SeededGenerator(seed: seed)
    let plans = (0..<64).map { _ in
      (resolves: Int.random(in: 1...6, using: &generator), throws: Int.random(in: 0..<8, using: &generator) == 0)
    }
    let workers = Locked<[CountedWorker]>([])
    let sessions = Locked<[CountedResource]>([])
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, plan) in plans.enumerated() {
        group.addTask {
          do {
            try await app.withScope(reportingDisposalFailures: { Issue.record("\($0)") }) { scope in
              scope.register { ScopeID(value: index) }
              for _ in 0..<plan.resolves {
                let worker = try await scope.resolve(CountedWorker.self)
                #expect(worker.session.scopeID == index)
                workers.withLock { $0.append(worker) }
              }
              let session = try resolveNow(CountedResource.self, from: scope)
              sessions.withLock { $0.append(session) }
              if plan.throws { throw DisposalFailed(name: "body \(index)") }
            }
          } catch let error as DisposalFailed {
            #expect(plan.throws && error.name == "body \(index)")
          }
        }
      }
      try await group.waitForAll()
    }
    let madeWorkers = workers.withLock { $0 }
    let madeSessions = sessions.withLock { $0 }
    #expect(madeWorkers.count == plans.map(\.resolves).reduce(0, +))
    #expect(madeWorkers.allSatisfy { $0.disposals.load(ordering: .relaxed) == 1 })
    #expect(madeSessions.allSatisfy { $0.disposals.load(ordering: .relaxed) == 1 })
    #expect(Set(madeSessions.map { ObjectIdentifier($0) }).count == plans.count)
    #expect(ledger.made.load(ordering: .relaxed) == plans.count)
    #expect(ledger.disposed.load(ordering: .relaxed) == plans.count)
  }
}
