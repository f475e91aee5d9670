import SuiteSupport
import Surrogate
import Testing

private protocol Clock: Sendable { var name: String { get } }
private final class SystemClock: Clock {
  var name: String { "system" }
}
private final class StubClock: Clock {
  var name: String { "stub" }
}

private final class Scheduler: @unchecked Sendable {  // filled once, before it is shared
  var clock: (any Clock)?
  init(clock: (any Clock)? = nil) { self.clock = clock }
}

/// A singleton made inside `withOverrides` resolves its dependencies without the overrides, also
/// when its factory or block asks the container itself (Dip's idiom, which joins the graph) rather
/// than `r`: it outlives the overrides, and a test running beside would get its mock (outside
/// client 20).
struct SingletonResolvingThroughContainerOverrideTests {
  @Test func aSingletonsFactoryAskingTheContainerIgnoresTheOverrides() throws {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    app.register(.singleton) { Scheduler(clock: try app.resolve((any Clock).self)) }
    let inside = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try app.resolve(Scheduler.self)
    }
    #expect(inside.clock?.name == "system")
    #expect(try app.resolve(Scheduler.self).clock?.name == "system")
  }

  @Test func aSingletonsBlockAskingTheContainerIgnoresTheOverrides() throws {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    app.register(.singleton) { Scheduler() }
      .resolvingProperties { _, scheduler in scheduler.clock = try app.resolve((any Clock).self) }
    _ = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try app.resolve(Scheduler.self)
    }
    #expect(try app.resolve(Scheduler.self).clock?.name == "system")
  }

  @Test func anAsyncSingletonsFactoryAskingTheContainerIgnoresTheOverrides() async throws {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    app.register(.singleton) { () async throws in Scheduler(clock: try await app.resolve((any Clock).self)) }
    _ = try await app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try await app.resolve(Scheduler.self)
    }
    #expect(try await app.resolve(Scheduler.self).clock?.name == "system")
  }

  /// What is not a singleton still gets the override through the container, as through `r`.
  @Test func aSharedDefinitionAskingTheContainerGetsTheOverride() throws {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    app.register { Scheduler(clock: try app.resolve((any Clock).self)) }
    let inside = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try app.resolve(Scheduler.self)
    }
    #expect(inside.clock?.name == "stub")
  }
}

extension Scope {
  fileprivate static let overrideSession = Scope.custom("overrideSession")
}

extension SingletonResolvingThroughContainerOverrideTests {
  /// What a custom scope or a weak singleton keeps outlives the overrides too (Concurrency.md):
  /// first made inside `withOverrides`, it resolves its dependencies without them.
  @Test(arguments: [Scope.overrideSession, .weakSingleton])
  func anInstanceTheContainerKeepsIgnoresTheOverridesAsASingletonDoes(_ scope: Scope) throws {
    let app = Container()
    app.register(type: (any Clock).self) { SystemClock() }
    app.register(scope) { r in Scheduler(clock: try r.resolve((any Clock).self)) }
    let inside = try app.withOverrides({ $0.register(type: (any Clock).self) { StubClock() } }) {
      try app.resolve(Scheduler.self)
    }
    #expect(inside.clock?.name == "system")
  }
}
