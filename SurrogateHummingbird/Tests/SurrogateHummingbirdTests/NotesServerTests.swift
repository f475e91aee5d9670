import Logging
import NotesServer
import ServiceLifecycle
import Testing

/// The example server, started on 127.0.0.1 with real HTTP, in both wirings.
@Suite struct NotesServerTests {
  /// Starts the server on a free port, runs `body`, shuts the group down gracefully (at the time
  /// `body` chooses, or after it) and waits until the app was shut down.
  func withNotesServer<Result: Sendable>(
    _ wiring: Wiring,
    _ body: (LoopbackClient, NotesServer, ServiceGroup) async throws -> Result
  ) async throws -> Result {
    var configuration = NotesServerConfiguration()
    configuration.port = 0
    configuration.logLevel = .warning
    configuration.purgeInterval = .milliseconds(20)
    configuration.statsInterval = .milliseconds(20)
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let server = try await NotesServer(configuration, wiring: wiring) { port in
      portContinuation.yield(port)
      portContinuation.finish()
    }
    let group = server.makeServiceGroup(gracefulShutdownSignals: [])
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await server.run(group) }
      var iterator = ports.makeAsyncIterator()
      guard let port = await iterator.next() else { throw ServerDidNotStart() }
      do {
        let result = try await body(LoopbackClient(port: port), server, group)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return result
      } catch {
        await group.triggerGracefulShutdown()
        try? await tasks.waitForAll()
        throw error
      }
    }
  }

  @Test(arguments: [Wiring.container, .byHand])
  func everyUnitOfWorkCommitsOrRollsBackAndIsDisposedOnce(wiring: Wiring) async throws {
    // 200 requests, 16 at a time: adds that commit, adds refused after their change (rolled
    // back), reads that commit, reads of a missing note (404, rolled back).
    var calls: [LoopbackClient.Call] = []
    for index in 0..<200 {
      switch index % 4 {
      case 0: calls.append(.post("/notes", "note \(index)"))
      case 1: calls.append(.post("/notes", "fail \(index)"))
      case 2: calls.append(.get("/notes/1"))
      default: calls.append(.get("/notes/999999"))
      }
    }
    let (answers, count, server) = try await withNotesServer(wiring) { client, server, _ in
      let first = try await client.send(.post("/notes", "the first note"))
      #expect(first == .init(status: 200, body: "1"))
      let answers = try await client.send(calls, width: 16)
      let count = try await client.send(.get("/notes"))
      return (answers, count, server)
    }
    let statuses = answers.map(\.status)
    #expect(statuses.filter { $0 == 200 }.count == 100)
    #expect(statuses.filter { $0 == 400 }.count == 50)
    #expect(statuses.filter { $0 == 404 }.count == 50)
    #expect(answers.enumerated().filter { $0.offset % 4 == 2 }.allSatisfy { $0.element.body == "the first note" })
    // The refused notes were rolled back: 1 + 50 notes, not 101.
    #expect(count == .init(status: 200, body: "51"))
    // 202 units of work: the first add, the 200, the count.
    #expect(server.ledger.counts == .init(began: 202, committed: 102, rolledBack: 100, disposed: 202, misuses: 0))
    #expect(server.pool.leasedCount == 0)
    #expect(server.events.entries.last == "pool closed (0 leased)")
  }

  @Test(arguments: [Wiring.container, .byHand])
  func gracefulShutdownStopsTheServicesInReverseOrderAfterTheRequestsInFlight(wiring: Wiring) async throws {
    let (answers, server) = try await withNotesServer(wiring) { client, server, group in
      // 16 slow adds in flight (each works 300 ms before committing), then the shutdown.
      async let answers = client.send(
        [LoopbackClient.Call](repeating: .post("/notes/slow", "slow"), count: 16), width: 16)
      let deadline = ContinuousClock.now + .seconds(10)
      while server.ledger.counts.began < 16, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(server.ledger.counts.began == 16)
      #expect(server.ledger.counts.disposed == 0)
      await group.triggerGracefulShutdown()
      return (try await answers, server)
    }
    #expect(answers.count == 16)
    #expect(answers.allSatisfy { $0.status == 200 }, "no request lost: \(answers.map(\.status))")
    #expect(Set(answers.map(\.body)).count == 16)
    #expect(server.ledger.counts == .init(began: 16, committed: 16, rolledBack: 0, disposed: 16, misuses: 0))
    let events = server.events.entries
    // From the first stop on: to order the services, the container resolved them once in a
    // throwaway graph, whose own pool it closed before the group started.
    let stops = Array(events.drop { !$0.hasSuffix("stopped") }.filter { !$0.hasSuffix("started") })
    #expect(
      stops == ["http server stopped", "stats reporter stopped", "purger stopped", "pool closed (0 leased)"],
      "in reverse dependency order: \(events)")
    #expect(events.filter { $0.hasSuffix("started") }.count == 3)
    #expect(events.firstIndex { $0.hasSuffix("stopped") }! > events.lastIndex { $0.hasSuffix("started") }!)
  }
}
