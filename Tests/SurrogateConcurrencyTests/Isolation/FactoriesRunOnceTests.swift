import SuiteSupport
import Surrogate
import Testing

/// A unit of work a factory makes per request, disposed where its scope ends.
private final class RunOnceLedger: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// What a synchronous factory makes from a `.unique` ledger and an `async` singleton.
private final class RunOnceReport: Sendable {
  let ledger: RunOnceLedger
  let database: Database
  init(ledger: RunOnceLedger, database: Database) {
    self.ledger = ledger
    self.database = database
  }
}

/// One end of an initializer cycle: takes its partner in `init`.
private final class RunOnceParent {
  let child: RunOnceChild
  init(child: RunOnceChild) { self.child = child }
}

/// The other end: gets its parent through a property, set by a `resolvingProperties` block.
private final class RunOnceChild {
  weak var parent: RunOnceParent?
}

/// The main-actor end of such a cycle.
@MainActor private final class RunOnceScreen {
  let child: RunOnceScreenChild
  init(child: RunOnceScreenChild) { self.child = child }
}

/// The other end of a cycle with a main-actor screen.
private final class RunOnceScreenChild {
  weak var screen: RunOnceScreen?
}

/// Gets a `.unique` ledger and an `async` singleton through auto-injected properties.
private final class RunOnceInjected {
  @Injected var ledger: RunOnceLedger
  @Injected var database: Database
}

/// Counts the runs of every user factory and block, and the disposals, of one resolution.
private final class RunCounts: Sendable {
  let ledgers = Counter()
  let reports = Counter()
  let blocks = Counter()
  let parents = Counter()
  let disposedLedgers = Counter()
}

/// A user's synchronous factory or block runs once for the instance it makes, whatever the
/// resolution meets: an `async` dependency, a main-actor one, a definition still being built.
/// Where one run cannot work (synchronous code cannot await), it is a typed error that names the
/// code, at resolve and in `validate()`.
@Suite(.hangGuard)
struct FactoriesRunOnceTests {
  private func reportContainer(_ counts: RunCounts, awaits: Bool = false) -> Container {
    let container = Container()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register(.unique) { RunOnceLedger(number: counts.ledgers.increment()) }
      .disposing { _ in counts.disposedLedgers.increment() }
    if awaits {
      container.register { r async throws in
        counts.reports.increment()
        return RunOnceReport(ledger: try await r.resolve(), database: try await r.resolve())
      }
    } else {
      container.register { r in
        counts.reports.increment()
        return RunOnceReport(ledger: try r.resolve(), database: try r.resolve())
      }
    }
    return container
  }

  @Test func aSynchronousFactoryThatMeetsAnAsyncDependencyRunsOnceAndTheErrorNamesIt() async throws {
    let counts = RunCounts()
    let error = await #expect(throws: ResolutionError.self) {
      try await reportContainer(counts).resolve(RunOnceReport.self)
    }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "RunOnceReport → Database")
    #expect(
      error?.message
        == "Database is made by an async factory, but the synchronous factory of RunOnceReport asks for it, and "
        + "synchronous code cannot await: it runs once.")
    #expect(error?.remedy.contains("Make the synchronous factory of RunOnceReport `async`") == true)
    #expect(counts.reports.value == 1)
    // The ledger it got first is nobody's: the failed graph disposes it, once.
    #expect(counts.ledgers.value == 1)
    #expect(counts.disposedLedgers.value == 1)
  }

  @Test func validationReportsTheSynchronousFactoryThatCannotAwait() async throws {
    let report = await reportContainer(RunCounts()).validate()
    let problem = report.problems.first { $0.key == DefinitionKey(type: Database.self) }
    #expect(problem?.code == .requiresAwait, "\(report)")
    #expect(problem?.pathDescription == "RunOnceReport → Database", "\(report)")
    #expect(problem?.message.contains("the synchronous factory of RunOnceReport asks for it") == true)
    #expect(await reportContainer(RunCounts(), awaits: true).validate().isValid)
  }

  @Test func anAsyncFactoryThatAwaitsTheSameDependenciesRunsOnce() async throws {
    let counts = RunCounts()
    let report = try await reportContainer(counts, awaits: true).resolve(RunOnceReport.self)
    #expect(report.database.name == "main")
    #expect(counts.reports.value == 1)
    #expect(counts.ledgers.value == 1)
    #expect(report.ledger.number == 1)
    // The ledger is the caller's.
    #expect(counts.disposedLedgers.value == 0)
  }

  @Test func inAScopeEachInstanceIsMadeOnceAndDisposedOnceWhetherTheFactoryAwaitsOrNot() async throws {
    for awaits in [false, true] {
      let counts = RunCounts()
      let app = reportContainer(counts, awaits: awaits)
      let number = try? await app.withScope { scope in try await scope.resolve(RunOnceReport.self).ledger.number }
      #expect(number == (awaits ? 1 : nil))
      #expect(counts.reports.value == 1)
      #expect(counts.ledgers.value == 1)
      #expect(counts.disposedLedgers.value == 1)
    }
  }

  private func cycleContainer(_ counts: RunCounts) -> Container {
    let container = Container()
    container.register(.shared) { r in
      counts.parents.increment()
      return RunOnceParent(child: try r.resolve())
    }
    container.register(.shared) { RunOnceChild() }
      .resolvingProperties { r, child in
        counts.blocks.increment()
        child.parent = try r.resolve()
      }
    return container
  }

  @Test func aBlockThatMeetsTheDefinitionBeingBuiltRunsOnceSynchronously() throws {
    let counts = RunCounts()
    let parent = try cycleContainer(counts).resolve(RunOnceParent.self)
    #expect(parent.child.parent === parent)
    #expect(counts.parents.value == 1)
    // The child's block waited for the parent's construction, then ran once.
    #expect(counts.blocks.value == 1)
  }

  @Test func aBlockThatMeetsTheDefinitionBeingBuiltRunsOnceAsynchronously() async throws {
    let counts = RunCounts()
    let parent = try await cycleContainer(counts).resolve(RunOnceParent.self)
    #expect(parent.child.parent === parent)
    #expect(counts.parents.value == 1)
    // The child's block waited for the parent's construction, then ran once.
    #expect(counts.blocks.value == 1)
  }

  @Test func aMainActorFactoryInACycleRunsOnceAndSoDoesItsPartnersBlockFromAnotherTask() async throws {
    let counts = RunCounts()
    let container = Container()
    container.register(.shared) { @MainActor r in
      counts.parents.increment()
      return RunOnceScreen(child: try r.resolve())
    }
    container.register(.shared) { RunOnceScreenChild() }
      .resolvingProperties { r, child in
        counts.blocks.increment()
        child.screen = try r.resolve()
      }
    let isLinked = try await Task.detached {
      let screen = try await container.resolve(RunOnceScreen.self)
      return await MainActor.run { screen.child.screen === screen }
    }.value
    #expect(isLinked)
    #expect(counts.parents.value == 1)
    // The child's block waited for the parent's construction, then ran once.
    #expect(counts.blocks.value == 1)
  }

  /// Dip-style auto-wiring: a request without arguments resolves a factory's runtime arguments,
  /// under `await` each with `await`, so the `.unique` argument before the `async` one is made once.
  @Test func runtimeArgumentsAutowiredUnderAwaitAreMadeOnce() async throws {
    let counts = RunCounts()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    app.register(.unique) { RunOnceLedger(number: counts.ledgers.increment()) }
    app.register { (_, ledger: RunOnceLedger, database: Database) in RunOnceReport(ledger: ledger, database: database) }
    let report = try await app.resolve(RunOnceReport.self)
    #expect(report.database.name == "main")
    #expect(report.ledger.number == 1)
    #expect(counts.ledgers.value == 1)
    // An awaited validation checks the auto-wired request as `try await resolve` makes it.
    let validation = await app.validate()
    #expect(validation.problems.isEmpty, "\(validation)")
  }

  @Test func autoInjectedPropertiesWithAnAsyncDependencyAreMadeOnceAndDisposedOnce() async throws {
    let counts = RunCounts()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    app.register(.unique) { RunOnceLedger(number: counts.ledgers.increment()) }
      .disposing { _ in counts.disposedLedgers.increment() }
    app.register { RunOnceInjected() }
    let name = try await app.withScope { scope in try await scope.resolve(RunOnceInjected.self).database.name }
    #expect(name == "main")
    #expect(counts.ledgers.value == 1)
    #expect(counts.disposedLedgers.value == counts.ledgers.value)
  }
}

/// A synchronous factory may ask for an `async` eager singleton: `bootstrap()` makes it before
/// anything asks, so validation takes it as made, whatever order the definitions are in.
struct EagerAsyncSingletonValidationTests {
  @Test(arguments: [false, true])
  func aSynchronousFactoryOfAnEagerAsyncSingletonIsValidBeforeBootstrap(factoryFirst: Bool) async throws {
    let container = Container()
    if factoryFirst {
      container.register { r in RunOnceReport(ledger: RunOnceLedger(number: 0), database: try r.resolve()) }
      container.register(.eagerSingleton) { _ async throws in try await Database.open("main") }
    } else {
      container.register(.eagerSingleton) { _ async throws in try await Database.open("main") }
      container.register { r in RunOnceReport(ledger: RunOnceLedger(number: 0), database: try r.resolve()) }
    }
    let report = await container.validate()
    #expect(report.problems.isEmpty, "\(report)")
    try await container.bootstrap()
    #expect(try await container.resolve(RunOnceReport.self).database.name == "main")
  }
}
