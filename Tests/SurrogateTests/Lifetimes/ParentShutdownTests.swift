import SuiteSupport
import Surrogate
import Testing

/// A parent's `shutdown()` and the child containers that keep instances of their own: dependents
/// first across containers, and nothing handed out after its dependencies were disposed.
struct ParentShutdownTests {
  private final class Base: Sendable {}
  private final class Mid: Sendable {
    let base: Base
    init(base: Base) { self.base = base }
  }
  private final class Leaf: Sendable {
    let mid: Mid
    init(mid: Mid) { self.mid = mid }
  }

  @Test func aParentsShutdownDisposesItsChildrensInstancesBeforeItsOwnGrandchildrenFirst() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in journal.note("app.base") }
    let child = Container(parent: app)
    child.register(.singleton) { r in Mid(base: try r.resolve()) }.disposing { _ in journal.note("child.mid") }
    let grandchild = Container(parent: child)
    grandchild.register(.singleton) { r in Leaf(mid: try r.resolve()) }.disposing { _ in journal.note("leaf") }
    _ = try await grandchild.resolve(Leaf.self)
    try await app.shutdown()
    #expect(journal.disposed == ["leaf", "child.mid", "app.base"])
    // The children were shut down with their parent: shutting them down again disposes nothing
    // and is not an error.
    try await child.shutdown()
    try await grandchild.shutdown()
    #expect(journal.disposed == ["leaf", "child.mid", "app.base"])
  }

  @Test func aChildShutDownWithItsParentNoLongerHandsOutItsMadeSingleton() async throws {
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in }
    let child = Container(parent: app)
    child.register(.singleton) { r in Mid(base: try r.resolve()) }.disposing { _ in }
    _ = try await child.resolve(Mid.self)
    try await app.shutdown()
    do {
      _ = try await child.resolve(Mid.self)
      Issue.record("a child of a shut-down container handed out a singleton made from disposed instances")
    } catch {
      let error = error as? ResolutionError
      #expect(error?.code == .containerShutDown)
      #expect(error?.message.contains("parent") == true)
      #expect(error?.remedy.contains("child") == true)
    }
    #expect(throws: ResolutionError.self) { try resolveNow(Mid.self, from: child) }
    child.register(.singleton, tag: "late") { Base() }
    #expect(child.rejectedChanges.map(\.code) == [.containerShutDown])
  }

  @Test func aChildsFailingDisposalIsReportedByItsParentsShutdownAndTheRestStillRun() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in journal.note("app.base") }
    let child = Container(parent: app)
    child.register(.singleton) { r in Mid(base: try r.resolve()) }
      .disposing { _ in throw DisposalFailed(name: "mid") }
    _ = try await child.resolve(Mid.self)
    do {
      try await app.shutdown()
      Issue.record("the child's failing disposal was lost")
    } catch {
      #expect(error.code == .disposalFailed)
      #expect(error.failures.map(\.key) == [DefinitionKey(type: Mid.self)])
      #expect(error.failures.first?.error as? DisposalFailed == DisposalFailed(name: "mid"))
    }
    #expect(journal.disposed == ["app.base"])
  }

  @Test func aChildShutDownBeforeItsParentKeepsItsOwnOrderAndTheParentDisposesOnlyItsOwn() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in journal.note("app.base") }
    let child = Container(parent: app)
    child.register(.singleton) { r in Mid(base: try r.resolve()) }.disposing { _ in journal.note("child.mid") }
    _ = try await child.resolve(Mid.self)
    try await child.shutdown()
    #expect(journal.disposed == ["child.mid"])
    try await app.shutdown()
    #expect(journal.disposed == ["child.mid", "app.base"])
  }

  @Test func aScopeOpenWhenItsAppShutsDownIsNotEndedByIt() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in journal.note("app.base") }
    app.register(.scoped) { r in Mid(base: try r.resolve()) }.disposing { _ in journal.note("scoped.mid") }
    try await app.withScope { scope in
      _ = try await scope.resolve(Mid.self)
      try await app.shutdown()
      // What the scope made is its own until it ends.
      #expect(journal.disposed == ["app.base"])
    }
    #expect(journal.disposed == ["app.base", "scoped.mid"])
  }

  /// Disposals run when a container ends: a child released without `shutdown()` runs none, and
  /// its parent's `shutdown()` reaches only the children still alive (UnitsOfWork.md says so).
  /// Its instances are released all the same: their `deinit`s run.
  @Test func aChildReleasedWithoutShutdownDisposesNothingAndItsInstancesAreReleased() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Base() }.disposing { _ in journal.note("app.base") }
    weak var released: Mid?
    do {
      let child = Container(parent: app)
      child.register(.singleton) { r in Mid(base: try r.resolve()) }.disposing { _ in journal.note("child.mid") }
      released = try await child.resolve(Mid.self)
    }
    #expect(released == nil)
    try await app.shutdown()
    #expect(journal.disposed == ["app.base"])
  }
}
