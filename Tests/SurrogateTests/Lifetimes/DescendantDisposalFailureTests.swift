import SuiteSupport
import Surrogate
import Testing

/// A disposal that fails in a child container while its parent ends says so: the parent's error
/// lists it with how far below the parent its container is, in ``DisposalError/Failure/containerDepth``
/// and in its text, so a team with one key registered at two levels knows which instance failed.
private final class Pool: Sendable {}

struct DescendantDisposalFailureTests {
  /// A pool at three levels, each failing to close: the grandchild's first (dependents first).
  private func family() -> (app: Container, child: Container, grandchild: Container) {
    let app = Container()
    app.register(.singleton) { Pool() }.disposing { _ in throw DisposalFailed(name: "app") }
    let child = Container(parent: app)
    child.register(.singleton) { Pool() }.disposing { _ in throw DisposalFailed(name: "child") }
    let grandchild = Container(parent: child)
    grandchild.register(.singleton) { Pool() }.disposing { _ in throw DisposalFailed(name: "grandchild") }
    return (app, child, grandchild)
  }

  @Test func aParentsShutdownSaysWhichContainerEachFailureWasIn() async throws {
    let (app, child, grandchild) = family()
    for container in [app, child, grandchild] { _ = try await container.resolve(Pool.self) }
    let error = await #expect(throws: DisposalError.self) { try await app.shutdown() }
    #expect(error?.failures.map(\.containerDepth) == [2, 1, 0])
    #expect(
      error?.failures.map { ($0.error as? DisposalFailed)?.name } == ["grandchild", "child", "app"])
    #expect(
      error?.failures.map(\.description) == [
        "Pool (in a grandchild container): \(DisposalFailed(name: "grandchild"))",
        "Pool (in a child container): \(DisposalFailed(name: "child"))",
        "Pool: \(DisposalFailed(name: "app"))",
      ])
    #expect(error?.message.contains("Pool (in a child container): ") == true, "\(error.map { "\($0)" } ?? "")")
  }

  @Test func aChildsOwnShutdownCallsItsInstancesItsOwn() async throws {
    let (_, child, grandchild) = family()
    for container in [child, grandchild] { _ = try await container.resolve(Pool.self) }
    let error = await #expect(throws: DisposalError.self) { try await child.shutdown() }
    #expect(error?.failures.map(\.containerDepth) == [1, 0])
  }

  @Test func disposeReleasedSaysWhichContainerReleasedTheInstance() async throws {
    let (app, child, _) = family()
    _ = try await child.resolve(Pool.self)
    // Replacing the child's singleton releases the instance it made.
    child.register(.singleton) { Pool() }
    let error = await #expect(throws: DisposalError.self) { try await app.disposeReleased() }
    #expect(error?.failures.map(\.containerDepth) == [1])
    #expect(error?.failures.first?.description.hasPrefix("Pool (in a child container): ") == true)
  }

  @Test func resetAndDisposeSaysWhichContainerKeptTheInstance() async throws {
    let session = Scope.custom("descendant-session")
    let app = Container()
    let child = Container(parent: app)
    child.register(session) { Pool() }.disposing { _ in throw DisposalFailed(name: "session") }
    _ = try await child.resolve(Pool.self)
    let error = await #expect(throws: DisposalError.self) { try await app.resetAndDispose(session) }
    #expect(error?.failures.map(\.containerDepth) == [1])
  }

  /// The containers between keep nothing of their own (they register a request's values): the
  /// instance was never disposed, as no container listed the one below it.
  @Test func aRootsEndReachesAGreatGrandchildsInstanceThroughChildrenThatKeepNothing() async throws {
    let journal = DisposalJournal()
    func chain() -> [Container] {
      var containers = [Container()]
      for level in 1...3 {
        containers.append(Container(parent: containers[containers.count - 1]))
        containers[level].register { "request \(level)" }
      }
      return containers
    }
    let session = Scope.custom("great-grandchild-session")
    let shutDown = chain()
    shutDown[3].register(.singleton) { Pool() }.disposing { _ in journal.note("shutdown") }
    _ = try await shutDown[3].resolve(Pool.self)
    try await shutDown[0].shutdown()
    let reset = chain()
    reset[3].register(session) { Pool() }.disposing { _ in journal.note("reset") }
    _ = try await reset[3].resolve(Pool.self)
    try await reset[0].resetAndDispose(session)
    let released = chain()
    released[3].register(.singleton) { Pool() }.disposing { _ in journal.note("released") }
    _ = try await released[3].resolve(Pool.self)
    released[3].register(.singleton) { Pool() }
    try await released[0].disposeReleased()
    #expect(journal.disposed == ["shutdown", "reset", "released"])
  }

  @Test func aContainerFourLevelsDownIsCounted() async throws {
    var containers = [Container()]
    for _ in 0..<3 { containers.append(Container(parent: containers[containers.count - 1])) }
    containers[3].register(.singleton) { Pool() }.disposing { _ in throw DisposalFailed(name: "deep") }
    _ = try await containers[3].resolve(Pool.self)
    let error = await #expect(throws: DisposalError.self) { try await containers[0].shutdown() }
    #expect(error?.failures.map(\.containerDepth) == [3])
    #expect(error?.failures.first?.description.hasPrefix("Pool (in a container 3 levels down): ") == true)
  }
}
