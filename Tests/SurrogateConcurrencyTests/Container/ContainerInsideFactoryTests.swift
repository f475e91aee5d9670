import Dispatch
import SuiteSupport
import Surrogate
import Testing

// Dip's everyday idiom: a factory resolves through the container itself, not through `r`. Such a
// call joins the graph its thread is already resolving, so `.shared` instances are shared and
// cycles are seen; before, every call started a new graph and a property cycle recursed until
// the stack overflowed.

final class DipClient {
  let server: DipServer
  init(server: DipServer) { self.server = server }
}

final class DipServer {
  var client: DipClient?
}

struct ContainerInsideFactoryTests {
  @Test(arguments: [Scope.shared, .singleton, .weakSingleton])
  func aPropertyCycleThroughTheContainerJoinsTheGraph(scope: Scope) throws {
    let container = Container()
    container.register(scope) { [unowned container] in DipClient(server: try container.resolve(DipServer.self)) }
    container.register(scope) { DipServer() }
      .resolvingProperties { r, server in server.client = try r.resolve(DipClient.self) }
    let client = try container.resolve(DipClient.self)
    #expect(client.server.client === client)
    client.server.client = nil
  }

  @Test func aBlockThatResolvesThroughTheContainerJoinsTheGraph() throws {
    let container = Container()
    container.register { [unowned container] in DipClient(server: try container.resolve(DipServer.self)) }
    container.register { DipServer() }
      .resolvingProperties { [unowned container] _, server in server.client = try container.resolve(DipClient.self) }
    let client = try container.resolve(DipClient.self)
    #expect(client.server.client === client)
    client.server.client = nil
  }

  @Test func aConstructorCycleThroughTheContainerIsACircularDependency() {
    let container = Container()
    container.register(.unique) { [unowned container] in DipClient(server: try container.resolve(DipServer.self)) }
    container.register(.unique) { [unowned container] () -> DipServer in
      let server = DipServer()
      server.client = try container.resolve(DipClient.self)
      return server
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(DipClient.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: DipClient → DipServer → DipClient.")
  }

  @Test func aCycleStartedFromAChildContainerJoinsTheGraph() throws {
    let app = Container()
    let screen = Container(parent: app)
    app.register { [unowned app] in DipClient(server: try app.resolve(DipServer.self)) }
    app.register { DipServer() }
      .resolvingProperties { r, server in server.client = try r.resolve(DipClient.self) }
    let client = try screen.resolve(DipClient.self)
    #expect(client.server.client === client)
    client.server.client = nil
  }

  @Test func aFactoryInAChildThatResolvesThroughTheChildJoinsTheGraph() throws {
    let app = Container()
    let screen = Container(parent: app)
    app.register { DipServer() }
    screen.register { [unowned screen] in DipClient(server: try screen.resolve(DipServer.self)) }
    screen.register(.unique, tag: "loop") { [unowned screen] in Node(next: try screen.resolve(Node.self, tag: "loop")) }
    #expect(try screen.resolve(DipClient.self).server.client == nil)
    let error = #expect(throws: ResolutionError.self) { try screen.resolve(Node.self, tag: "loop") }
    #expect(error?.code == .circularDependency)
  }

  @Test func aDeepChainThroughTheContainerFailsCleanly() {
    let container = Container()
    for index in 0..<10_000 {
      container.register(tag: index) { [unowned container] in
        Node(next: try container.resolve(Node.self, tag: index + 1))
      }
    }
    let error = onThread(stackSize: largeStack) { resolutionError { try container.resolve(Node.self, tag: 0) } }
    #expect(error?.code == .depthLimitExceeded)
    #expect(error?.path.count == container.maximumDepth + 1)
  }

  @Test func validateSurvivesACycleThroughTheContainer() {
    let container = Container()
    container.register { [unowned container] in DipClient(server: try container.resolve(DipServer.self)) }
    container.register { DipServer() }
      .resolvingProperties { r, server in server.client = try r.resolve(DipClient.self) }
    container.register(.unique, tag: "loop") { [unowned container] in
      Node(next: try container.resolve(Node.self, tag: "loop"))
    }
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.circularDependency])
    #expect(report.checked.count == 3)
  }

  @Test func aResolveFromAnUnrelatedContainerIsAGraphOfItsOwn() throws {
    let other = Container()
    other.register { DipServer() }
    let container = Container()
    container.register { DipServer() }
    container.register { r in
      // Same type, two containers: the other container's instance is not this graph's.
      ConsumerOfTwo(first: try r.resolve(), second: try other.resolve())
    }
    let made = try container.resolve(ConsumerOfTwo.self)
    #expect(made.first !== made.second)
  }

  @Test func aResolveOnAnotherThreadInsideAFactoryIsAGraphOfItsOwn() throws {
    let container = Container()
    container.register { SendableServer() }
    container.register { [unowned container] r in
      let mine: SendableServer = try r.resolve()
      let theirs = Locked<SendableServer?>(nil)
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        let made = try? container.resolve(SendableServer.self)
        theirs.withLock { $0 = made }
        done.signal()
      }
      done.wait()
      return [mine, try #require(theirs.withLock { $0 })]
    }
    let made = try container.resolve([SendableServer].self)
    #expect(made[0] !== made[1])
  }

  // MARK: - Async

  @Test func anAsyncFactoryThatResolvesThroughTheContainerJoinsTheGraph() async throws {
    let container = Container()
    container.register { [unowned container] r async throws in
      DipClient(server: try await container.resolve(DipServer.self))
    }
    container.register { DipServer() }
      .resolvingProperties { r, server in server.client = try r.resolve(DipClient.self) }
    let client = try await container.resolve(DipClient.self)
    #expect(client.server.client === client)
    client.server.client = nil
  }

  @Test(arguments: [Scope.shared, .unique, .singleton, .weakSingleton])
  func anAsyncFactoryThatResolvesItselfThroughTheContainerIsACircularDependency(scope: Scope) async {
    let container = Container()
    container.register(scope) { [unowned container] r async throws -> DipServer in
      try await container.resolve(DipServer.self)
    }
    do {
      _ = try await container.resolve(DipServer.self)
      Issue.record("resolved a definition that needs itself")
    } catch {
      #expect((error as? ResolutionError)?.code == .circularDependency)
      #expect((error as? ResolutionError)?.pathDescription == "DipServer → DipServer")
    }
  }

  @Test func aChildTaskInsideAnAsyncFactoryStartsAGraphOfItsOwn() async throws {
    let container = Container()
    container.register { SendableServer() }
    container.register { [unowned container] r async throws in
      let mine: SendableServer = try await r.resolve()
      let theirs = try await Task { try await container.resolve(SendableServer.self) }.value
      return [mine, theirs]
    }
    let made = try await container.resolve([SendableServer].self)
    #expect(made[0] !== made[1])
  }
}

final class ConsumerOfTwo {
  let first: DipServer
  let second: DipServer
  init(first: DipServer, second: DipServer) {
    self.first = first
    self.second = second
  }
}

final class SendableServer: Sendable {}
