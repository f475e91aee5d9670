import SuiteSupport
import Surrogate
import Testing

/// The child's side of an initializer cycle, handed out through a protocol.
private protocol ForwardedChildSide: AnyObject {
  var parent: ForwardedParent? { get set }
}

private final class ForwardedChild: ForwardedChildSide {
  weak var parent: ForwardedParent?
}

/// Takes its child, as the protocol, in `init`.
private final class ForwardedParent {
  let child: any ForwardedChildSide
  init(child: any ForwardedChildSide) { self.child = child }
}

/// A forwarded type's own `resolvingProperties` blocks wait for the construction they are made
/// in, as the blocks of the definition it forwards to do (`WaitingBlocksTests`): an initializer
/// cycle broken in the forwarded type's block resolves, and the block runs once.
struct ForwardedBlocksWaitTests {
  private func container(_ runs: Counter) -> Container {
    let container = Container()
    container.register(.shared) { r in ForwardedParent(child: try r.resolve()) }
    let child = container.register(.shared) { ForwardedChild() }
    container.register(child, type: (any ForwardedChildSide).self)
      .resolvingProperties { r, child in
        runs.increment()
        child.parent = try r.resolve()
      }
    return container
  }

  @Test func aForwardedTypesBlockThatAsksForTheParentBeingBuiltRunsOnceAfterIt() throws {
    let runs = Counter()
    let parent = try container(runs).resolve(ForwardedParent.self)
    #expect(parent.child.parent === parent)
    #expect(runs.value == 1)
  }

  @Test func soItDoesUnderAwait() async throws {
    let runs = Counter()
    let parent = try await container(runs).resolve(ForwardedParent.self)
    #expect(parent.child.parent === parent)
    #expect(runs.value == 1)
  }

  @Test func theyRunAfterTheSourcesOwnBlocks() throws {
    let order = Locked<[String]>([])
    let container = Container()
    container.register(.shared) { r in ForwardedParent(child: try r.resolve()) }
    let child = container.register(.shared) { ForwardedChild() }
      .resolvingProperties { _, _ in order.withLock { $0.append("source") } }
    container.register(child, type: (any ForwardedChildSide).self)
      .resolvingProperties { r, child in
        order.withLock { $0.append("forwarded") }
        child.parent = try r.resolve()
      }
    let parent = try container.resolve(ForwardedParent.self)
    #expect(parent.child.parent === parent)
    #expect(order.withLock { $0 } == ["source", "forwarded"])
  }

  @Test func aFailingForwardedBlockFailsTheConstructionItWaitedFor() throws {
    struct Refused: Error {}
    let container = Container()
    container.register(.shared) { r in ForwardedParent(child: try r.resolve()) }
    let child = container.register(.shared) { ForwardedChild() }
    container.register(child, type: (any ForwardedChildSide).self).resolvingProperties { _, _ in throw Refused() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(ForwardedParent.self) }
    #expect(error?.code == .propertyInjectionFailed)
    #expect(error?.cause is Refused)
  }

  @Test func andValidationFindsNoProblem() async throws {
    let report = await container(Counter()).validate()
    #expect(report.problems.isEmpty, "\(report)")
  }
}
