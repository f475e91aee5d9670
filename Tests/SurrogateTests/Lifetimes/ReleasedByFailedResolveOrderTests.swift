import SuiteSupport
import Surrogate
import Testing

private final class Dependency: Sendable {}
private final class User: Sendable {
  init(dependency: Dependency) {}
}
private final class Top: Sendable {}
private struct FactoryFailed: Error {}

/// A failed synchronous `resolve` cannot await an `async` disposal: it hands the instance to the
/// container as released, and `disposeReleased()` disposes those newest first, dependents before
/// what they depend on, as everything else it disposes (outside client 34).
struct ReleasedByFailedResolveOrderTests {
  private static func resolveTop(_ app: Container) throws(ResolutionError) { _ = try app.resolve(Top.self) }

  @Test func disposeReleasedDisposesAFailedResolvesInstancesNewestFirst() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Dependency() }.disposing { _ async in journal.note("dependency") }
    app.register(.unique) { r in User(dependency: try r.resolve()) }.disposing { _ async in journal.note("user") }
    app.register { r -> Top in
      _ = try r.resolve(User.self)
      throw FactoryFailed()
    }
    #expect(throws: ResolutionError.self) { try Self.resolveTop(app) }
    #expect(journal.disposed == [])
    try await app.disposeReleased()
    #expect(journal.disposed == ["user", "dependency"])
  }

  /// `disposeReleased()` of a container takes what its children let go of too: the instances a
  /// failed synchronous `resolve` from a child handed to that child.
  @Test func aParentsDisposeReleasedTakesWhatAChildsFailedResolveReleased() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.shared) { Dependency() }.disposing { _ async in journal.note("dependency") }
    app.register { r -> Top in
      _ = try r.resolve(Dependency.self)
      throw FactoryFailed()
    }
    let child = Container(parent: app)
    #expect(throws: ResolutionError.self) { try Self.resolveTop(child) }
    try await app.disposeReleased()
    #expect(journal.disposed == ["dependency"])
    try await child.disposeReleased()
    #expect(journal.disposed == ["dependency"])
  }
}
