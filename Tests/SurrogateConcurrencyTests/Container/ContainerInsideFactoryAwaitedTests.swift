import SuiteSupport
import Surrogate
import Testing

// Dip's idiom under `try await`: a synchronous factory or block that resolves through the
// container itself, not through `r`, joins the graph being resolved, as it does under a
// synchronous `resolve`. Before, an awaited graph was current on no thread, so such a call started
// a graph of its own: `.shared` instances were made twice, a cycle wired through a block got a
// second instance, and a constructor cycle's path started at the inner request.

final class AwaitedRepo: Sendable {}

final class AwaitedPresenter: Sendable {
  let repo: AwaitedRepo
  init(repo: AwaitedRepo) { self.repo = repo }
}

/// What one graph made: a presenter and the graph's `.shared` repository.
final class AwaitedScreen: Sendable {
  let presenter: AwaitedPresenter
  let repo: AwaitedRepo
  init(presenter: AwaitedPresenter, repo: AwaitedRepo) { (self.presenter, self.repo) = (presenter, repo) }

  var sharesTheRepo: Bool { presenter.repo === repo }
}

@MainActor final class AwaitedView {
  let presenter: AwaitedPresenter
  var repo: AwaitedRepo?
  init(presenter: AwaitedPresenter) { self.presenter = presenter }
}

final class AwaitedMainScreen: Sendable {
  let view: AwaitedView
  let repo: AwaitedRepo
  init(view: AwaitedView, repo: AwaitedRepo) { (self.view, self.repo) = (view, repo) }
}

struct ContainerInsideFactoryAwaitedTests {
  /// `app` with a `.shared` repository, a presenter whose synchronous factory resolves it through
  /// the container itself (Dip's idiom), and a screen made through `r`.
  static func screens(in app: Container) {
    app.register(.shared) { AwaitedRepo() }
    app.register { [unowned app] _ in AwaitedPresenter(repo: try app.resolve(AwaitedRepo.self)) }
    app.register { r in AwaitedScreen(presenter: try r.resolve(), repo: try r.resolve()) }
  }

  /// What a synchronous `resolve` makes: the baseline the awaited one must match.
  static func resolveSynchronously<T>(_ type: T.Type, from container: Container) throws -> T {
    try container.resolve(type)
  }

  @Test func aSynchronousFactoryThatResolvesThroughTheContainerJoinsAnAwaitedGraph() async throws {
    let app = Container()
    Self.screens(in: app)
    #expect(try Self.resolveSynchronously(AwaitedScreen.self, from: app).sharesTheRepo)
    let screen = try await app.resolve(AwaitedScreen.self)
    #expect(screen.sharesTheRepo, "a container.resolve inside a factory joins the awaited graph")
    // Two top-level requests are still two graphs.
    #expect(try await app.resolve(AwaitedScreen.self).repo !== screen.repo)
  }

  @Test func aSynchronousBlockThatResolvesThroughTheContainerJoinsAnAwaitedGraph() async throws {
    let container = Container()
    container.register(.shared) { DipServer() }
      .resolvingProperties { _, server in server.client = try container.resolve(DipClient.self) }
    container.register { DipClient(server: try container.resolve(DipServer.self)) }
    let server = try await container.resolve(DipServer.self)
    #expect(server.client?.server === server, "the block's client was wired to a second server")
    server.client = nil
  }

  @Test func aSynchronousFactoryThatResolvesThroughTheContainerJoinsAGraphAwaitedInAScope() async throws {
    let app = Container()
    Self.screens(in: app)
    try await app.withScope { scope in
      let screen = try await scope.resolve(AwaitedScreen.self)
      #expect(screen.sharesTheRepo, "the app's factory calls app.resolve, in the scope's graph")
    }
    try await app.withScope { scope in
      // The scope's own factory resolves through the scope.
      scope.register { _ in AwaitedPresenter(repo: try scope.resolve(AwaitedRepo.self)) }
      let screen = try await scope.resolve(AwaitedScreen.self)
      #expect(screen.sharesTheRepo, "the scope's factory calls scope.resolve")
    }
  }

  @Test func aSynchronousFactoryThatResolvesThroughTheContainerJoinsAGraphAwaitedFromAChild() async throws {
    let app = Container()
    let child = Container(parent: app)
    Self.screens(in: app)
    #expect(try await child.resolve(AwaitedScreen.self).sharesTheRepo, "the parent's factory calls app.resolve")
    child.register { _ in AwaitedPresenter(repo: try child.resolve(AwaitedRepo.self)) }
    #expect(try await child.resolve(AwaitedScreen.self).sharesTheRepo, "the child's factory calls child.resolve")
    #expect(try await app.resolve(AwaitedScreen.self).sharesTheRepo, "the parent's graph, the parent's factory")
  }

  @Test func aCollaboratorsFactoryJoinsAnAwaitedGraphOfItsFamilyOnly() async throws {
    let app = Container()
    let feature = Container()
    app.collaborate(with: feature)
    app.register(.shared) { AwaitedRepo() }
    app.register { r in AwaitedScreen(presenter: try r.resolve(), repo: try r.resolve()) }
    // The feature's factory, reached through collaboration, resolves from the app's container:
    // the graph's own family, so it joins the graph.
    feature.register { _ in AwaitedPresenter(repo: try app.resolve(AwaitedRepo.self)) }
    #expect(try Self.resolveSynchronously(AwaitedScreen.self, from: app).sharesTheRepo)
    #expect(try await app.resolve(AwaitedScreen.self).sharesTheRepo)

    // Resolving from its own container is another family: a graph of its own, awaited or not.
    let other = Container()
    let module = Container()
    other.collaborate(with: module)
    other.register(.shared) { AwaitedRepo() }
    other.register { r in AwaitedScreen(presenter: try r.resolve(), repo: try r.resolve()) }
    module.register(.shared) { AwaitedRepo() }
    module.register { _ in AwaitedPresenter(repo: try module.resolve(AwaitedRepo.self)) }
    #expect(try !Self.resolveSynchronously(AwaitedScreen.self, from: other).sharesTheRepo)
    #expect(try await !other.resolve(AwaitedScreen.self).sharesTheRepo)
  }

  @MainActor @Test func aMainActorFactoryAndBlockThatResolveThroughTheContainerJoinAnAwaitedGraph() async throws {
    let app = Container()
    Self.screens(in: app)
    app.register { @MainActor _ in AwaitedView(presenter: try app.resolve(AwaitedPresenter.self)) }
      .resolvingPropertiesOnMainActor { _, view in view.repo = try app.resolve(AwaitedRepo.self) }
    app.register { r async throws in AwaitedMainScreen(view: try await r.resolve(), repo: try await r.resolve()) }
    let screen = try await app.resolve(AwaitedMainScreen.self)
    #expect(screen.view.presenter.repo === screen.repo, "the main-actor factory joins the graph")
    #expect(screen.view.repo === screen.repo, "the main-actor block joins the graph")
  }

  @Test func aConstructorCycleThroughTheContainerUnderAwaitNamesThePathFromTheTopLevelRequest() async {
    let container = Container()
    container.register(.unique) { DipClient(server: try container.resolve(DipServer.self)) }
    container.register(.unique) { () -> DipServer in
      let server = DipServer()
      server.client = try container.resolve(DipClient.self)
      return server
    }
    do {
      _ = try await container.resolve(DipClient.self)
      Issue.record("resolved a cycle of constructors")
    } catch {
      #expect((error as? ResolutionError)?.code == .circularDependency)
      #expect((error as? ResolutionError)?.pathDescription == "DipClient → DipServer → DipClient")
    }
  }

  @Test func aSynchronousFactoryThatResolvesAnAsyncDefinitionThroughTheContainerIsNamedInTheError() async throws {
    let app = Container()
    app.register(.shared) { () async in AwaitedRepo() }
    app.register { _ in AwaitedPresenter(repo: try app.resolve(AwaitedRepo.self)) }
    app.register { r in AwaitedScreen(presenter: try r.resolve(), repo: try r.resolve()) }
    // As through `r`: the request joins the awaited graph, and synchronous code cannot await.
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(AwaitedScreen.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "AwaitedScreen → AwaitedPresenter → AwaitedRepo")
    #expect(error?.message.contains("the synchronous factory of AwaitedPresenter asks for it") == true)
    // Both factories run synchronously, one inside the other: both must await.
    #expect(
      error?.remedy.hasPrefix(
        "Make the synchronous factory of AwaitedScreen and the synchronous code it runs, down to the synchronous "
          + "factory of AwaitedPresenter, `async`") == true, "\(error?.remedy ?? "")")
    app.register { r async throws in AwaitedPresenter(repo: try await r.resolve()) }
    app.register { r async throws in AwaitedScreen(presenter: try await r.resolve(), repo: try await r.resolve()) }
    #expect(try await app.resolve(AwaitedScreen.self).sharesTheRepo)
  }

  @Test func anAwaitedValidationJoinedByASynchronousFactoryMakesNoSingletonForReal() async throws {
    let made = Locked<[AwaitedRepo]>([])
    let app = Container()
    app.register(.singleton) { () -> AwaitedRepo in
      let repo = AwaitedRepo()
      made.withLock { $0.append(repo) }
      return repo
    }
    app.register { [unowned app] _ in AwaitedPresenter(repo: try app.resolve(AwaitedRepo.self)) }
    app.register(.unique, tag: "loop") { [unowned app] in Node(next: try app.resolve(Node.self, tag: "loop")) }
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.circularDependency], "\(report)")
    #expect(report.problems.first?.path.count == 2, "the cycle's path starts at the validated request")
    // What validation made is thrown away: the first real request makes the singleton.
    let repo = try await app.resolve(AwaitedRepo.self)
    #expect(made.withLock { $0.last } === repo)
    #expect(try await app.resolve(AwaitedPresenter.self).repo === repo)
  }

  @Test func aSynchronousFactoryThatThrowsAfterResolvingThroughTheContainerLeavesNoGraphBehind() async throws {
    let app = Container()
    Self.screens(in: app)
    app.register(tag: "failing") { _ -> AwaitedPresenter in
      _ = try app.resolve(AwaitedRepo.self)
      throw AwaitedFailure()
    }
    app.register(tag: "recovers") { r async throws -> AwaitedScreen in
      _ = try? await r.resolve(AwaitedPresenter.self, tag: "failing")
      // Still in the awaited graph: a later factory joins it, and nothing else did.
      return AwaitedScreen(presenter: try await r.resolve(), repo: try await r.resolve())
    }
    await #expect(throws: ResolutionError.self) { try await app.resolve(AwaitedPresenter.self, tag: "failing") }
    let screen = try await app.resolve(AwaitedScreen.self, tag: "recovers")
    #expect(screen.sharesTheRepo)
    // A synchronous top-level request afterwards is a graph of its own.
    let next = try Self.resolveSynchronously(AwaitedScreen.self, from: app)
    #expect(next.sharesTheRepo)
    #expect(next.repo !== screen.repo)
  }
}

struct AwaitedFailure: Error {}
