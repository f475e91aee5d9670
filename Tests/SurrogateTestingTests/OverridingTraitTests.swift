import Surrogate
import SurrogateTesting
import Testing

protocol Clock: Sendable { var name: String { get } }
struct SystemClock: Clock { let name = "system" }
struct StubClock: Clock { let name: String }

/// Shared by the suite's tests, as an app's container would be.
let appContainer: Container = {
  let container = Container()
  container.register(type: (any Clock).self) { SystemClock() }
  return container
}()

@Suite struct OverridingTraitTests {
  @Test(.overriding(appContainer) { $0.register(type: (any Clock).self) { StubClock(name: "first") } })
  func firstTestSeesItsOwnOverride() async throws {
    for _ in 0..<50 {
      #expect(try await appContainer.resolve((any Clock).self).name == "first")
      await Task.yield()
    }
  }

  @Test(.overriding(appContainer) { $0.register(type: (any Clock).self) { StubClock(name: "second") } })
  func secondTestSeesItsOwnOverride() async throws {
    for _ in 0..<50 {
      #expect(try await appContainer.resolve((any Clock).self).name == "second")
      await Task.yield()
    }
  }

  @Test func withoutTheTraitTheBaseRegistrationIsUsed() throws {
    #expect(try appContainer.resolve((any Clock).self).name == "system")
  }
}

@Suite struct OverridingTraitInScopesTests {
  @Test(.overriding(appContainer) { $0.register(type: (any Clock).self) { StubClock(name: "scoped") } })
  func aScopeOpenedInATestWithTheTraitSeesTheOverride() async throws {
    let name = try await appContainer.withScope { scope in try await scope.resolve((any Clock).self).name }
    #expect(name == "scoped")
  }

  @Test(.overriding(appContainer) { $0.register(type: (any Clock).self) { StubClock(name: "child") } })
  func aChildContainerInATestWithTheTraitSeesTheOverride() async throws {
    #expect(try await Container(parent: appContainer).resolve((any Clock).self).name == "child")
  }
}
