import SuiteSupport
import Surrogate
import Testing

private struct ScopeRequest: Sendable { let id: Int }
private protocol ScopeGreeting: Sendable { var text: String { get } }

private final class ScopeGreeter: ScopeGreeting {
  let request: ScopeRequest
  init(request: ScopeRequest) { self.request = request }
  var text: String { "hello \(request.id)" }
}

private final class LoudGreeter: ScopeGreeting {
  let inner: any ScopeGreeting
  let request: ScopeRequest
  init(inner: any ScopeGreeting, request: ScopeRequest) {
    self.inner = inner
    self.request = request
  }
  var text: String { inner.text.uppercased() + " (\(request.id))" }
}

private final class ScopeClock: Sendable {}

private final class ScopeWorker: Sendable {
  let request: ScopeRequest
  let clock: ScopeClock
  init(request: ScopeRequest, clock: ScopeClock) {
    self.request = request
    self.clock = clock
  }
}

/// A scope's container keeps its only untagged definition (the request's value, usually) in place,
/// without a table (issue #36): every path that reads a container's definitions must still see it.
struct ScopeValueTests {
  @Test func aScopesValueShadowsTheAppsDefinitionOfItsType() throws {
    let app = Container()
    app.register { ScopeRequest(id: 0) }
    app.autowire(ScopeGreeter.init)
    let (inScope, fromApp) = try app.withScope { scope in
      scope.register { ScopeRequest(id: 7) }
      return (try scope.resolve(ScopeGreeter.self).request.id, try app.resolve(ScopeGreeter.self).request.id)
    }
    #expect(inScope == 7)
    #expect(fromApp == 0)
  }

  @Test func aValueStaysVisibleWhenTheScopeRegistersAFactoryAfterIt() throws {
    let app = Container()
    app.register(.singleton) { ScopeClock() }
    let (worker, request) = try app.withScope { scope in
      scope.register { ScopeRequest(id: 3) }
      // The second definition moves the first into the scope's table.
      scope.register { r in ScopeWorker(request: try r.resolve(), clock: try r.resolve()) }
      return (try scope.resolve(ScopeWorker.self), try scope.resolve(ScopeRequest.self))
    }
    #expect(worker.request.id == 3)
    #expect(request.id == 3)
  }

  @Test func aValueRegisteredAgainInAScopeReplacesTheFirst() throws {
    let app = Container()
    let ids = try app.withScope { scope in
      scope.register { ScopeRequest(id: 1) }
      let first = try scope.resolve(ScopeRequest.self).id
      scope.register { ScopeRequest(id: 2) }
      return [first, try scope.resolve(ScopeRequest.self).id]
    }
    #expect(ids == [1, 2])
  }

  @Test func aValueTheScopeForwardsIsFoundUnderBothTypes() throws {
    let app = Container()
    let (greeting, greeter) = try app.withScope { scope in
      scope.register { ScopeGreeter(request: ScopeRequest(id: 4)) }.implements((any ScopeGreeting).self)
      return (try scope.resolve((any ScopeGreeting).self), try scope.resolve(ScopeGreeter.self))
    }
    #expect(greeting.text == "hello 4")
    #expect(greeter.request.id == 4)
  }

  @Test func anAppDecoratorWrapsATypeResolvedInAScopeWithTheScopesValue() throws {
    let app = Container()
    app.register(type: (any ScopeGreeting).self) { r in ScopeGreeter(request: try r.resolve()) }
    app.decorate((any ScopeGreeting).self) { r, inner in LoudGreeter(inner: inner, request: try r.resolve()) }
    let text = try app.withScope { scope in
      scope.register { ScopeRequest(id: 5) }
      return try scope.resolve((any ScopeGreeting).self).text
    }
    #expect(text == "HELLO 5 (5)")
  }

  @Test func aScopeDecoratesItsOwnValue() throws {
    let app = Container()
    let id = try app.withScope { scope in
      scope.register { ScopeRequest(id: 1) }
      scope.decorate(ScopeRequest.self) { _, inner in ScopeRequest(id: inner.id + 100) }
      return try scope.resolve(ScopeRequest.self).id
    }
    #expect(id == 101)
  }

  @Test func aScopeWithAValueValidatesAndDrawsIt() throws {
    let app = Container()
    app.declareScopeProvided(ScopeRequest.self)
    app.register(.singleton) { ScopeClock() }
    app.autowire(ScopeWorker.init)
    try app.withScope { scope in
      scope.register { ScopeRequest(id: 6) }
      let report = scope.validate()
      #expect(report.isValid, "\(report)")
      #expect(report.checked.contains(DefinitionKey(type: ScopeRequest.self)))
      #expect(scope.dependencyGraph().nodes.map(\.key) == [DefinitionKey(type: ScopeRequest.self)])
      let graph = try scope.dependencyGraph(of: ScopeWorker.self)
      #expect(graph.nodes.contains { $0.key == DefinitionKey(type: ScopeRequest.self) })
      #expect(
        graph.edges.contains {
          $0.from == DefinitionKey(type: ScopeWorker.self) && $0.to == DefinitionKey(type: ScopeRequest.self)
        })
    }
    let outside = app.validate()
    #expect(outside.isValid, "\(outside)")
  }

  @Test func aScopeThatForgetsItsValueFailsValidation() throws {
    let app = Container()
    app.declareScopeProvided(ScopeRequest.self)
    app.autowire(ScopeGreeter.init)
    try app.withScope { scope in
      scope.register { ScopeClock() }
      #expect(!scope.validate().isValid)
    }
  }

  @Test func aScopesValueIsAutowiredAndJoinsACollection() throws {
    let app = Container()
    app.autowire(ScopeGreeter.init)
    app.register(into: [any ScopeGreeting].self) { r in ScopeGreeter(request: try r.resolve()) }
    app.register(into: [any ScopeGreeting].self) { r in
      LoudGreeter(inner: ScopeGreeter(request: ScopeRequest(id: 0)), request: try r.resolve())
    }
    let (autowired, texts) = try app.withScope { scope in
      scope.register { ScopeRequest(id: 8) }
      return (try scope.resolve(ScopeGreeter.self), try scope.resolve([any ScopeGreeting].self).map(\.text))
    }
    #expect(autowired.request.id == 8)
    #expect(texts.sorted() == ["HELLO 0 (8)", "hello 8"])
  }

  @Test func aScopesValueIsFoundByAsyncAndMainActorResolves() async throws {
    let app = Container()
    app.autowire(ScopeGreeter.init)
    let (fromAsync, fromMain) = try await app.withScope { scope in
      scope.register { ScopeRequest(id: 9) }
      let fromAsync = try await scope.resolve(ScopeGreeter.self).request.id
      let fromMain = try await MainActor.run { try scope.resolve(ScopeGreeter.self).request.id }
      return (fromAsync, fromMain)
    }
    #expect(fromAsync == 9)
    #expect(fromMain == 9)
  }

  @Test func anOverrideOfTheAppIsSeenThroughAScopeWithAValue() throws {
    let app = Container()
    app.register(.singleton) { ScopeClock() }
    app.autowire(ScopeWorker.init)
    let replaced = ScopeClock()
    let worker = try app.withOverrides({ $0.register { replaced } }) {
      try app.withScope { scope in
        scope.register { ScopeRequest(id: 10) }
        return try scope.resolve(ScopeWorker.self)
      }
    }
    #expect(worker.clock === replaced)
    #expect(worker.request.id == 10)
  }

  @Test func anOptionalRequestSeesAScopesValueUntilTheScopeEnds() throws {
    let app = Container()
    var kept: Container?
    try app.withScope { scope in
      scope.register { ScopeRequest(id: 11) }
      // An optional request asks first whether a definition exists.
      let id = try scope.resolve(ScopeRequest?.self)?.id
      #expect(id == 11)
      kept = scope
    }
    #expect(throws: ResolutionError.self) { try kept?.resolve(ScopeRequest.self) }
    #expect(try app.resolve(ScopeRequest?.self) == nil)
  }

  @Test(arguments: [0x5EED, 0xBEEF])
  func scopesOnParallelTasksEachSeeOnlyTheirOwnValue(seed: Int) async throws {
    let app = Container()
    app.register(.singleton) { ScopeClock() }
    app.autowire(ScopeWorker.init)
    app.autowire(ScopeGreeter.init)
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var mismatches = 0
          for round in 0..<50 {
            let id = seed &* 31 &+ task &* 1_000 &+ round
            let seen = try await app.withScope { scope in
              scope.register { ScopeRequest(id: id) }
              // Every other scope makes its table too: both forms run side by side.
              if (id & 1) == 0 { scope.register { ScopeClock() } }
              await Task.yield()
              return [
                try await scope.resolve(ScopeWorker.self).request.id,
                try await scope.resolve(ScopeGreeter.self).request.id,
              ]
            }
            if seen != [id, id] { mismatches += 1 }
          }
          return mismatches
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
