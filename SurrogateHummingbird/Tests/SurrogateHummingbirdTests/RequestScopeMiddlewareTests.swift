import Hummingbird
import Logging
import NIOCore
import Surrogate
import SurrogateHummingbird
import Synchronization
import Testing

struct User: Sendable {
  let name: String
}

struct Broken: Error {}
final class FragileSession: Sendable {}

@Suite struct RequestScopeMiddlewareTests {
  /// An app container with a `.scoped` Tracked, and a router that opens its scope per request.
  func makeRouter(
    _ disposals: Disposals,
    configure: (Container) -> Void = { _ in },
    register: @escaping @Sendable (Container, Request, BasicScopedRequestContext) throws -> Void = { _, _, _ in },
    reportingDisposalFailures: @escaping @Sendable (DisposalError, BasicScopedRequestContext) -> Void = { _, _ in }
  ) -> Router<BasicScopedRequestContext> {
    let app = Container()
    app.register(.scoped) { Tracked(disposals) }
    configure(app)
    let router = Router(context: BasicScopedRequestContext.self)
    router.add(
      middleware: RequestScopeMiddleware(
        container: app, reportingDisposalFailures: reportingDisposalFailures, register: register))
    return router
  }

  @Test func eachRequestHasItsOwnScopeDisposedOnceWhenAnswered() async throws {
    let disposals = Disposals()
    let router = makeRouter(disposals)
    router.get("/tracked") { _, context in
      let first = try await context.requestScope.resolve(Tracked.self)
      let second = try await context.requestScope.container.resolve(Tracked.self)
      #expect(first === second)
      #expect(!first.isDisposed)
      return "\(first.number)"
    }
    let answers = try await withLiveServer(router) { client in
      try await client.send([LoopbackClient.Call](repeating: .get("/tracked"), count: 200), width: 16)
    }
    #expect(answers.allSatisfy { $0.status == 200 })
    let numbers = answers.compactMap { Int($0.body) }
    #expect(Set(numbers).count == 200, "one instance per request")
    #expect(disposals.disposed.sorted() == numbers.sorted(), "each disposed once, none twice")
  }

  @Test func aResolutionThatFailsInARequestIsLoggedAsAnErrorAndAnsweredWith500() async throws {
    let disposals = Disposals()
    let router = makeRouter(disposals)
    router.get("/misconfigured") { _, context -> String in
      _ = try await context.requestScope.resolve(User.self)  // nothing registers a User
      return "unreachable"
    }
    let kept = CapturingLogHandler.Lines()
    let logger = Logger(label: "operator") { _ in CapturingLogHandler(kept: kept) }
    let answers = try await withLiveServer(router, logger: logger) { client in
      try await client.send([.get("/misconfigured")], width: 1)
    }
    #expect(answers.map(\.status) == [500])
    let logged = kept.all.filter { $0.hasPrefix("error: A resolution failed") }
    #expect(logged.count == 1, "\(kept.all)")
    #expect(logged.first?.contains("No definition for User") == true, "\(kept.all)")
  }

  /// The middleware registers the request in each scope; declared scope-provided, it is taken as
  /// provided by `app.validate()` outside a request (the package's DocC, "Errors").
  @Test func aHandlerTakingTheRequestValidatesOnceTheRequestIsDeclaredScopeProvided() async {
    final class Greeter: Sendable {
      let path: String
      init(request: Request) { path = request.uri.path }
    }
    let app = Container()
    app.register(.scoped) { Tracked(Disposals()) }
    app.register { r in Greeter(request: try r.resolve()) }
    let before = await app.validate()
    #expect(before.problems.map(\.code) == [.definitionNotFound], "\(before)")
    app.declareScopeProvided(Request.self)
    let after = await app.validate()
    #expect(after.isValid, "\(after)")
  }

  @Test func aThrowingHandlerIsAnsweredWithItsErrorAndItsScopeIsStillDisposed() async throws {
    let disposals = Disposals()
    let router = makeRouter(disposals)
    router.get("/refused") { _, context -> String in
      _ = try await context.requestScope.resolve(Tracked.self)
      throw HTTPError(.badRequest, message: "refused")
    }
    let answers = try await withLiveServer(router) { client in
      try await client.send([LoopbackClient.Call](repeating: .get("/refused"), count: 32), width: 8)
    }
    #expect(answers.allSatisfy { $0.status == 400 })
    #expect(disposals.madeCount == 32)
    #expect(disposals.disposed.sorted() == Array(1...32))
  }

  @Test func theScopeHoldsTheRequestTheContextTheLoggerAndWhatRegisterAdds() async throws {
    let disposals = Disposals()
    let router = makeRouter(
      disposals,
      register: { scope, request, _ in
        scope.register { User(name: request.headers[.init("x-user")!] ?? "anonymous") }
      })
    router.get("/who") { _, context in
      let scope = try context.requestScope.container
      let request = try await scope.resolve(Request.self)
      let arrived = try await scope.resolve(BasicScopedRequestContext.self)
      let logger = try await scope.resolve(Logger.self)
      let user = try await scope.resolve(User.self)
      #expect(logger[metadataKey: "hb.request.id"] != nil)
      #expect(arrived.id == context.id)
      return "\(request.uri.path) \(user.name)"
    }
    let answer = try await withLiveServer(router) { client in try await client.send(.get("/who")) }
    #expect(answer == .init(status: 200, body: "/who anonymous"))
  }

  @Test func whatRegisterThrowsIsTheAnswerAndNoHandlerRuns() async throws {
    let disposals = Disposals()
    let ran = Mutex(false)
    let router = makeRouter(
      disposals,
      register: { scope, request, _ in
        guard request.headers[.authorization] != nil else { throw HTTPError(.unauthorized) }
        scope.register { User(name: "signed in") }
      })
    router.get("/private") { _, context in
      ran.withLock { $0 = true }
      return try await context.requestScope.resolve(User.self).name
    }
    let answer = try await withLiveServer(router) { client in try await client.send(.get("/private")) }
    #expect(answer.status == 401)
    #expect(!ran.withLock { $0 })
    #expect(disposals.madeCount == 0)
  }

  @Test func aStreamedBodyIsWrittenAfterTheScopeEnded() async throws {
    let disposals = Disposals()
    let router = makeRouter(disposals)
    router.get("/stream") { _, context in
      let tracked = try await context.requestScope.resolve(Tracked.self)
      let scope = try context.requestScope.container
      return Response(
        status: .ok,
        body: ResponseBody { writer in
          var late = "resolved"
          do { _ = try await scope.resolve(Tracked.self) } catch let error as ResolutionError { late = "\(error.code)" }
          try await writer.write(ByteBuffer(string: "disposed: \(tracked.isDisposed), late resolve: \(late)"))
          try await writer.finish(nil)
        })
    }
    let answer = try await withLiveServer(router) { client in try await client.send(.get("/stream")) }
    #expect(answer == .init(status: 200, body: "disposed: true, late resolve: containerShutDown"))
  }

  @Test func aFailedDisposalKeepsTheAnswerAndIsReported() async throws {
    let disposals = Disposals()
    let reported = Mutex<[String]>([])
    let router = makeRouter(
      disposals,
      configure: { app in app.register(.scoped) { FragileSession() }.disposing { _ in throw Broken() } },
      reportingDisposalFailures: { failure, _ in
        reported.withLock { $0.append(failure.failures.map { "\($0.key)" }.joined()) }
      })
    router.get("/ok") { _, context in
      _ = try await context.requestScope.resolve(FragileSession.self)
      return "answered"
    }
    router.get("/fails") { _, context -> String in
      _ = try await context.requestScope.resolve(FragileSession.self)
      throw HTTPError(.conflict)
    }
    let answers = try await withLiveServer(router) { client in
      [try await client.send(.get("/ok")), try await client.send(.get("/fails"))]
    }
    #expect(answers == [.init(status: 200, body: "answered"), .init(status: 409, body: "")])
    #expect(reported.withLock { $0 } == ["FragileSession", "FragileSession"])
  }

  @Test func aContextWithoutTheMiddlewareSaysHowToAddIt() throws {
    let error = #expect(throws: RequestScopeError.self) { try RequestScope().container }
    #expect(error?.code == .noScope)
    #expect(error?.description.contains("RequestScopeMiddleware(container:") == true)
  }

  @Test func aShutDownContainerAnswersWithAnErrorAndRunsNoHandler() async throws {
    let disposals = Disposals()
    let app = Container()
    let router = Router(context: BasicScopedRequestContext.self)
    router.add(middleware: RequestScopeMiddleware(container: app))
    let ran = Mutex(false)
    router.get("/late") { _, _ in
      ran.withLock { $0 = true }
      return "ran"
    }
    try await app.shutdown()
    let answer = try await withLiveServer(router) { client in try await client.send(.get("/late")) }
    #expect(answer.status == 500)
    #expect(!ran.withLock { $0 })
    #expect(disposals.madeCount == 0)
  }
}
