import SuiteSupport
import Surrogate
import Testing

/// Records the order in which blocks ran.
private final class BlockJournal: Sendable {
  let entries = Locked<[String]>([])
  func note(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

/// A child made inside its parent's factory; its block sets `parent` (and `isConfigured`).
private final class WaitingChild {
  weak var parent: WaitingParent?
  var isConfigured = false
}

/// A parent that takes its child in `init`, and notes whether the child was configured then.
private final class WaitingParent {
  let child: WaitingChild
  let childWasConfiguredInFactory: Bool
  init(child: WaitingChild) {
    self.child = child
    self.childWasConfiguredInFactory = child.isConfigured
  }
}

/// Another instance made inside the parent's factory, with a block of its own.
private final class WaitingSibling: Sendable {}

/// Holds a parent and what a factory made after it.
private final class WaitingOwner {
  let parent: WaitingParent?
  let child: WaitingChild
  init(parent: WaitingParent?, child: WaitingChild) {
    self.parent = parent
    self.child = child
  }
}

private struct ParentFailed: Error {}

/// A `resolvingProperties` block of an instance made while a reusable definition is being
/// constructed waits until the outermost such construction has finished, and then runs once, in
/// the order the instances were made: the Dip initializer cycle is broken without running a block
/// twice.
@Suite(.hangGuard)
struct WaitingBlocksTests {
  private func family(_ journal: BlockJournal, parentScope: Scope = .shared, failing: Bool = false) -> Container {
    let container = Container()
    container.register(parentScope) { r in
      let child: WaitingChild = try r.resolve()
      _ = try r.resolve(WaitingSibling.self)
      if failing { throw ParentFailed() }
      return WaitingParent(child: child)
    }
    .resolvingProperties { _, _ in journal.note("parent") }
    container.register(.shared) { WaitingChild() }
      .resolvingProperties { r, child in
        journal.note("child")
        child.isConfigured = true
        child.parent = try r.resolve()
      }
    container.register(.unique) { WaitingSibling() }
      .resolvingProperties { _, _ in journal.note("sibling") }
    return container
  }

  @Test func blocksOfInstancesMadeInAReusableFactoryRunAfterItInTheOrderTheyWereMadeThenItsOwn() throws {
    let journal = BlockJournal()
    let parent = try family(journal).resolve(WaitingParent.self)
    #expect(parent.child.parent === parent)
    #expect(journal.all == ["child", "sibling", "parent"])
  }

  @Test func aReusableFactoryNoLongerSeesWhatTheBlockOfAnInstanceMadeInsideItDid() throws {
    let parent = try family(BlockJournal()).resolve(WaitingParent.self)
    #expect(!parent.childWasConfiguredInFactory)
    #expect(parent.child.isConfigured)
  }

  @Test func aUniqueFactorySeesWhatTheBlockOfAnInstanceMadeInsideItDid() throws {
    let journal = BlockJournal()
    let container = family(journal, parentScope: .unique)
    // No reusable definition is being constructed: the child's block runs as soon as it is made,
    // and asking for the `.unique` parent there is a real cycle.
    do {
      _ = try container.resolve(WaitingParent.self)
      Issue.record("a cycle through a `.unique` definition resolved")
    } catch {
      #expect(error.code == .circularDependency)
      #expect(
        error.path == [
          DefinitionKey(type: WaitingParent.self), DefinitionKey(type: WaitingChild.self),
          DefinitionKey(type: WaitingParent.self),
        ])
    }
    #expect(journal.all == ["child"])
  }

  @Test func anAsyncBlockWaitsForTheConstructionItIsMadeInAndRunsOnce() async throws {
    let container = Container()
    let blocks = Counter()
    container.register(.shared) { r async throws in WaitingParent(child: try await r.resolve()) }
    container.register(.shared) { WaitingChild() }
      .resolvingProperties { r, child async throws in
        blocks.increment()
        child.parent = try await r.resolve()
      }
    let parent = try await container.resolve(WaitingParent.self)
    #expect(parent.child.parent === parent)
    #expect(!parent.childWasConfiguredInFactory)
    #expect(blocks.value == 1)
  }

  /// The parent's factory is synchronous and its child's block `async`: the block waits for the
  /// parent anyway, so nothing needs the factory to run again (found by a client written from the
  /// docs: it ran twice, with or without the cycle, and in a scope).
  @Test(arguments: [Scope.shared, .singleton, .scoped])
  func anAsyncBlockOfAnInstanceMadeBySynchronousCodeWaitsAndNoFactoryRunsTwice(scope: Scope) async throws {
    let app = Container()
    let parents = Counter()
    let children = Counter()
    let blocks = Counter()
    app.register(scope) { r in
      parents.increment()
      return WaitingParent(child: try r.resolve())
    }
    app.register(scope) { () -> WaitingChild in
      children.increment()
      return WaitingChild()
    }
    .resolvingProperties { r, child async throws in
      blocks.increment()
      child.isConfigured = true
      child.parent = try await r.resolve()
    }
    let linked = try await app.withScope { scope in
      let parent = try await scope.resolve(WaitingParent.self)
      return parent.child.parent === parent && parent.child.isConfigured && !parent.childWasConfiguredInFactory
    }
    #expect(linked)
    #expect(children.value == 1)
    #expect(blocks.value == 1)
    #expect(parents.value == 1)
  }

  /// The same when the outermost construction is made by synchronous code (a `.unique` owner's
  /// factory makes the parent): the async block cannot wait for async code there, so the request
  /// is made asynchronously as before, and the graph is still wired once, correctly.
  @Test func anAsyncBlockUnderAConstructionThatSynchronousCodeFinishesIsAnErrorNamingThatCode() async throws {
    let app = Container()
    let blocks = Counter()
    app.register(.unique) { r in WaitingOwner(parent: try r.resolve(), child: try r.resolve()) }
    app.register(.shared) { r in WaitingParent(child: try r.resolve()) }
    app.register(.shared) { WaitingChild() }
      .resolvingProperties { r, child async throws in
        blocks.increment()
        child.parent = try await r.resolve()
      }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(WaitingOwner.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.pathDescription == "WaitingOwner → WaitingParent → WaitingChild")
    #expect(error?.remedy.hasPrefix("Make the synchronous factory of WaitingOwner and") == true)
    #expect(blocks.value == 0)
  }

  @Test func anAsyncBlockUnderAConstructionThatAsyncCodeFinishesWiresTheGraph() async throws {
    let app = Container()
    let blocks = Counter()
    app.register(.unique) { r async throws in WaitingOwner(parent: try await r.resolve(), child: try await r.resolve())
    }
    app.register(.shared) { r in WaitingParent(child: try r.resolve()) }
    app.register(.shared) { WaitingChild() }
      .resolvingProperties { r, child async throws in
        blocks.increment()
        child.isConfigured = true
        child.parent = try await r.resolve()
      }
    let owner = try await app.resolve(WaitingOwner.self)
    #expect(owner.parent?.child === owner.child)
    #expect(owner.child.parent === owner.parent)
    #expect(owner.child.isConfigured)
    #expect(blocks.value == 1)
  }

  /// A main-actor block of an instance a synchronous factory makes off the main actor waits too,
  /// and runs on the main actor: the factory above runs once.
  @Test func aMainActorBlockOfAnInstanceMadeOffTheMainActorWaitsAndNoFactoryRunsTwice() async throws {
    let app = Container()
    let parents = Counter()
    app.register(.shared) { r in
      parents.increment()
      return WaitingParent(child: try r.resolve())
    }
    app.register(.shared) { WaitingChild() }
      .resolvingPropertiesOnMainActor { r, child in
        MainActor.assertIsolated()
        child.isConfigured = true
        child.parent = try r.resolve()
      }
    let linked = try await Task.detached {
      let parent = try await app.resolve(WaitingParent.self)
      return parent.child.parent === parent && parent.child.isConfigured
    }.value
    #expect(linked)
    #expect(parents.value == 1)
  }

  @Test func whenTheOutermostConstructionFailsTheWaitingBlocksNeverRunAndItsInstancesAreNotReused() throws {
    let journal = BlockJournal()
    let container = family(journal, failing: true)
    let made = Counter()
    container.register(.shared) { () -> WaitingChild in
      made.increment()
      return WaitingChild()
    }
    .resolvingProperties { _, child in
      journal.note("child")
      child.isConfigured = true
    }
    container.register(.unique) { r in
      WaitingOwner(parent: try? r.resolve(WaitingParent.self), child: try r.resolve())
    }
    let owner = try container.resolve(WaitingOwner.self)
    #expect(owner.parent == nil)
    // The first child's block never ran: the graph forgot it, and made the owner's child anew.
    #expect(made.value == 2)
    #expect(owner.child.isConfigured)
    #expect(journal.all == ["child"])
  }

  @Test func itHoldsInAScope() throws {
    let journal = BlockJournal()
    let app = family(journal)
    let isLinked = try app.withScope { scope in
      let parent = try scope.resolve(WaitingParent.self)
      return parent.child.parent === parent
    }
    #expect(isLinked)
    #expect(journal.all == ["child", "sibling", "parent"])
  }

  @Test func itHoldsInAChildContainer() async throws {
    let journal = BlockJournal()
    let child = Container(parent: family(journal))
    let parent = try await child.resolve(WaitingParent.self)
    #expect(parent.child.parent === parent)
    #expect(journal.all == ["child", "sibling", "parent"])
  }

  @Test func validationAndTheGraphExportRunEachBlockOnce() throws {
    let journal = BlockJournal()
    let container = family(journal)
    let report = container.validate()
    #expect(report.problems.isEmpty, "\(report)")
    let graph = try container.dependencyGraph(of: WaitingParent.self)
    let child = DefinitionKey(type: WaitingChild.self)
    let parent = DefinitionKey(type: WaitingParent.self)
    #expect(graph.edges.contains { $0.from == child && $0.to == parent }, "the child's block's request is the child's")
    #expect(graph.edges.contains { $0.from == parent && $0.to == child })
    #expect(journal.all.filter { $0 == "child" }.count == journal.all.filter { $0 == "parent" }.count)
  }

  @Test func aSingletonWhoseBlockWaitedIsPublishedOnceTheGraphSucceeds() throws {
    let container = Container()
    let blocks = Counter()
    container.register(.singleton) { r in WaitingParent(child: try r.resolve()) }
    container.register(.singleton) { WaitingChild() }
      .resolvingProperties { r, child in
        blocks.increment()
        child.parent = try r.resolve()
      }
    let parent = try container.resolve(WaitingParent.self)
    let child = try container.resolve(WaitingChild.self)
    #expect(child === parent.child)
    #expect(child.parent === parent)
    #expect(blocks.value == 1)
  }
}
