import SuiteSupport
import Surrogate
import Testing

private final class ResolvableRecording: Resolvable, Sendable {
  let log: Locked<[String]>
  let name: String
  init(_ name: String, log: Locked<[String]>) {
    self.name = name
    self.log = log
  }
  func resolveDependencies(_ resolver: Resolver) throws { log.withLock { $0.append("resolve \(name)") } }
  func didResolveDependencies() { log.withLock { $0.append("did \(name)") } }
}

private final class ResolvableParent: Sendable {
  let child: ResolvableRecording
  let own: ResolvableRecording
  init(child: ResolvableRecording, own: ResolvableRecording) {
    self.child = child
    self.own = own
  }
}

/// ``Resolvable`` beyond Dip's own cases.
struct ResolvableTests {
  @Test func aFailingResolutionCallsNoDidResolveDependencies() {
    let container = Container()
    let log = Locked<[String]>([])
    container.register(tag: "child") { ResolvableRecording("child", log: log) }
    container.register(.unique) { r -> ResolvableParent in
      _ = try r.resolve(ResolvableRecording.self, tag: "child")
      throw CancellationError()
    }
    #expect(throws: ResolutionError.self) { try container.resolve(ResolvableParent.self) }
    #expect(log.withLock { $0 } == ["resolve child"])
  }

  @Test func anInstanceMadeInAFailingReusableFactoryNeverResolvesItsDependencies() {
    let container = Container()
    let log = Locked<[String]>([])
    container.register(tag: "child") { ResolvableRecording("child", log: log) }
    // `.shared`: the child's `resolveDependencies` waits, like a block, until the parent is
    // built; the parent fails, so it never runs.
    container.register(.shared) { r -> ResolvableParent in
      _ = try r.resolve(ResolvableRecording.self, tag: "child")
      throw CancellationError()
    }
    #expect(throws: ResolutionError.self) { try container.resolve(ResolvableParent.self) }
    #expect(log.withLock { $0 }.isEmpty)
  }

  @Test func callbacksRunInCreationOrderThenReverseOnceTheGraphIsComplete() throws {
    let container = Container()
    let log = Locked<[String]>([])
    container.register(tag: "a") { ResolvableRecording("a", log: log) }
    container.register(tag: "b") { ResolvableRecording("b", log: log) }
    container.register { r in
      ResolvableParent(child: try r.resolve(tag: "a"), own: try r.resolve(tag: "b"))
    }
    _ = try container.resolve(ResolvableParent.self)
    #expect(log.withLock { $0 } == ["resolve a", "resolve b", "did b", "did a"])
  }

  @Test func anAsyncResolutionCallsThemToo() async throws {
    let container = Container()
    let log = Locked<[String]>([])
    container.register(tag: "a") { (_: Resolver) async throws -> ResolvableRecording in
      ResolvableRecording("a", log: log)
    }
    container.register(tag: "b") { ResolvableRecording("b", log: log) }
    container.register { r async throws in
      ResolvableParent(child: try await r.resolve(tag: "a"), own: try await r.resolve(tag: "b"))
    }
    _ = try await container.resolve(ResolvableParent.self)
    let entries = log.withLock { $0 }
    #expect(entries.suffix(2) == ["did b", "did a"], "\(entries)")
    #expect(entries.filter { $0.hasPrefix("did") }.count == 2)
  }

  @Test func anInstanceMadeElsewhereHearsBothCallbacksThroughItsDefinition() throws {
    let container = Container()
    let log = Locked<[String]>([])
    let definition = container.register { ResolvableRecording("made", log: log) }
    try definition.resolveProperties(of: ResolvableRecording("elsewhere", log: log))
    #expect(log.withLock { $0 } == ["resolve elsewhere", "did elsewhere"])
  }
}
