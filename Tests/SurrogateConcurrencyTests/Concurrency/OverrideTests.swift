import SuiteSupport
import Surrogate
import Testing

struct OverrideTests {
  func baseContainer() -> Container {
    let container = Container()
    container.register { URLSessionClient(name: "live") }.implements((any HTTPClient).self)
    container.register { r in [try r.resolve((any HTTPClient).self)] }
    return container
  }

  @Test func overridesApplyInsideTheScopeOnly() throws {
    let container = baseContainer()
    try container.withOverrides({ $0.register(type: (any HTTPClient).self) { StubClient(name: "mock") } }) {
      let client = try container.resolve((any HTTPClient).self)
      // dependencies of non-overridden definitions see the override too
      let clients = try container.resolve([any HTTPClient].self)
      #expect((client as? StubClient)?.name == "mock")
      #expect((clients.first as? StubClient)?.name == "mock")
    }
    #expect(try container.resolve((any HTTPClient).self) is URLSessionClient)
  }

  @Test func overrideScopesNest() throws {
    let container = baseContainer()
    container.withOverrides({ $0.register(type: (any HTTPClient).self) { StubClient(name: "outer") } }) {
      container.withOverrides({ $0.register(tag: "x") { Service() } }) {
        #expect((try? container.resolve((any HTTPClient).self) as? StubClient)?.name == "outer")
        #expect((try? container.resolve(Service.self, tag: "x")) != nil)
      }
      #expect(throws: ResolutionError.self) { try container.resolve(Service.self, tag: "x") }
    }
  }

  @Test func parallelTasksOverridingTheSameTypeNeverSeeEachOthersMocks() async throws {
    let container = baseContainer()
    let bothInside = AsyncLatch()
    let arrived = Counter()
    let seen = try await withThrowingTaskGroup(of: [String].self) { group in
      for name in ["first", "second"] {
        group.addTask {
          try await container.withOverrides({ $0.register(type: (any HTTPClient).self) { StubClient(name: name) } }) {
            if arrived.increment() == 2 { bothInside.open() }
            await bothInside.wait()  // both scopes are active at the same time from here on
            var names: [String] = []
            for _ in 0..<100 {
              let client = try await container.resolve((any HTTPClient).self)
              names.append((client as? StubClient)?.name ?? "live")
              await Task.yield()
            }
            return names
          }
        }
      }
      return try await group.reduce(into: [[String]]()) { $0.append($1) }
    }
    #expect(seen.count == 2)
    for names in seen {
      #expect(Set(names).count == 1, "a task saw another task's override: \(Set(names))")
      #expect(names.first != "live")
    }
    #expect(Set(seen.map { $0[0] }) == ["first", "second"])
  }
}
