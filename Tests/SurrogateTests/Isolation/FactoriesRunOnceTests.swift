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
@Suite(.hangGuard)
struct FactoriesRunOnceTests {
  // NB: known issues of #34 ("Factories run once"), each still true: when one is fixed, its
  // `withKnownIssue` fails the test, and the expectation moves out of it.
  static let factoryRunsAgain: Comment =
    "#34: an async resolution runs a synchronous factory again after it met an `async` dependency"

  private func reportContainer(_ counts: RunCounts) -> Container {
    let container = Container()
    container.register(.singleton) { _ async throws in try await Database.open("main") }
    container.register(.unique) { RunOnceLedger(number: counts.ledgers.increment()) }
      .disposing { _ in counts.disposedLedgers.increment() }
    container.register { r in
      counts.reports.increment()
      return RunOnceReport(ledger: try r.resolve(), database: try r.resolve())
    }
    return container
  }

  @Test func aSynchronousFactoryThatMeetsAnAsyncDependencyRunsOnce() async throws {
    let counts = RunCounts()
    let report = try await reportContainer(counts).resolve(RunOnceReport.self)
    #expect(report.database.name == "main")
    // The first run's `.unique` ledger is nobody's: it is disposed when the graph ends; the one the
    // report holds is the caller's (see `AbandonedRunDisposalTests` for the other cases).
    #expect(counts.disposedLedgers.value == counts.ledgers.value - 1)
    withKnownIssue(Self.factoryRunsAgain) {
      #expect(counts.reports.value == 1)
      #expect(counts.ledgers.value == 1)
      #expect(report.ledger.number == 1)
    }
  }

  @Test func aSynchronousFactoryThatMeetsAnAsyncDependencyInAScopeRunsOnceAndEachInstanceIsDisposedOnce()
    async throws
  {
    let counts = RunCounts()
    let app = reportContainer(counts)
    let number = try await app.withScope { scope in try await scope.resolve(RunOnceReport.self).ledger.number }
    #expect(counts.disposedLedgers.value == counts.ledgers.value)
    withKnownIssue(Self.factoryRunsAgain) {
      #expect(counts.reports.value == 1)
      #expect(counts.ledgers.value == 1)
      #expect(number == 1)
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
