import SuiteSupport
import Surrogate
import Testing

/// A container's services run once at a time: a second `runServices()` while they run is a typed
/// error that leaves them running.
@Suite(.hangGuard)
struct ServiceRunOnceTests {
  @Test func aSecondRunWhileTheServicesRunIsATypedErrorAndLeavesThemRunning() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let first = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    let second = Task { try await app.runServices() }
    switch await result(of: second, within: .seconds(10)) {
    case .failure(let error as ServiceError)?:
      #expect(error.code == .alreadyRunning)
      #expect(error.message.contains(#"JournalingService tag "pool""#), "\(error.message)")
      #expect(error.message.contains(#"JournalingService tag "purger""#), "\(error.message)")
      #expect(error.remedy.contains("once"))
      #expect(error.remedy.contains("runServiceGroup"))
    case let other: Issue.record("expected alreadyRunning at once, got \(String(describing: other))")
    }
    // The first run goes on, untouched: no service ran twice or stopped.
    #expect(journal.entries("start ").count == 2)
    #expect(journal.entries("stop ").isEmpty)
    first.cancel()
    try await first.value
    #expect(journal.entries("stop ") == ["purger", "pool"])
    try await app.shutdown()
  }

  @Test func servicesRunAgainOnceTheirRunHasReturned() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    for round in 1...2 {
      let run = Task { try await app.runServices() }
      await journal.waitUntil(count: 2 * round, of: "start ")
      run.cancel()
      try await run.value
    }
    // Run twice in turn: each run stopped them, dependents first, before the next started them.
    let runs = journal.runs
    #expect(runs.count == 8, "\(runs)")
    for round in 0..<2 where runs.count == 8 {
      #expect(Set(runs[4 * round..<4 * round + 2]) == ["start pool", "start purger"])
      #expect(Array(runs[4 * round + 2..<4 * round + 4]) == ["stop purger", "stop pool"])
    }
    try await app.shutdown()
  }

  /// Several runs asked for at once, from tasks started at random points: one runs the services,
  /// each of the others throws `alreadyRunning` without starting any.
  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func runsAskedForAtOnceStartTheServicesOnce(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let count = Int.random(in: 2...6, using: &random)
    var runs: [Task<Void, any Error>] = []
    for _ in 0..<count {
      let yields = Int.random(in: 0...20, using: &random)
      runs.append(
        Task {
          for _ in 0..<yields { await Task.yield() }
          do {
            try await app.runServices()
          } catch {
            journal.note("refused \((error as? ServiceError)?.code.description ?? "\(error)")")
            throw error
          }
        })
    }
    await journal.waitUntil(count: 2, of: "start ")
    // Every other call is refused at once (polled, bounded: a regression fails, it does not hang).
    for _ in 0..<1000 where journal.entries("refused ").count < count - 1 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(journal.entries("refused ") == Array(repeating: "alreadyRunning", count: count - 1))
    for run in runs { run.cancel() }
    var returned = 0
    for run in runs {
      if case .success? = await result(of: run, within: .seconds(10)) { returned += 1 }
    }
    #expect(returned == 1, "one call ran the services, until cancelled")
    #expect(journal.entries("start ").count == 2)
    #expect(journal.entries("stop ") == ["purger", "pool"])
    try await app.shutdown()
  }

  @Test func aParentAndItsChildRunTheirOwnServicesAtTheSameTime() async throws {
    let journal = ServiceJournal()
    let app = poolAndPurgerApp(journal: journal)
    let feature = indexerChild(of: app, journal: journal)
    let parentRun = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    let childRun = Task { try await feature.runServices() }
    await journal.waitUntil(count: 3, of: "start ")
    childRun.cancel()
    try await childRun.value
    parentRun.cancel()
    try await parentRun.value
    #expect(journal.entries("stop ") == ["indexer", "purger", "pool"])
    try await feature.shutdown()
    try await app.shutdown()
  }
}
