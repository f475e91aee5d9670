import SuiteSupport
import Surrogate
import Testing

/// A `.scoped` definition's instances get their auto-injected properties in every scope: the
/// plan the first scope found is shared with the definition and the next scopes' copies.
struct ScopedInjectionPlanTests {
  private final class ScopedHandler {
    @Injected var request: RequestStub
  }
  private final class Plain: Sendable {}
  private protocol Part {}
  private final class InjectedPart: Part {
    @Injected var request: RequestStub
  }
  private final class PlainPart: Part {}

  @Test func aScopedInstanceIsInjectedInEveryScope() async throws {
    let app = Container()
    app.register(.scoped) { ScopedHandler() }
    for id in 1...3 {
      let handler = try await app.withScope { scope in
        scope.register { RequestStub(id: id) }
        return try await scope.resolve(ScopedHandler.self)
      }
      #expect(handler.request.id == id)
    }
  }

  @Test func aScopedInstanceIsInjectedInEveryScopeSynchronously() throws {
    let app = Container()
    app.register(.scoped) { ScopedHandler() }
    for id in 1...3 {
      let handler = try app.withScope { scope in
        scope.register { RequestStub(id: id) }
        return try scope.resolve(ScopedHandler.self)
      }
      #expect(handler.request.id == id)
    }
  }

  @Test func aScopedDefinitionWhoseFirstInstanceNeedsNoPlanStillInjectsALaterClass() throws {
    let app = Container()
    let counter = Locked(0)
    app.register(.scoped) { () -> any Part in
      let index = counter.withLock { value in
        value += 1
        return value
      }
      return index == 1 ? PlainPart() : InjectedPart()
    }
    for id in 1...3 {
      let part = try app.withScope { scope in
        scope.register { RequestStub(id: id) }
        return try scope.resolve((any Part).self)
      }
      if id == 1 {
        #expect(part is PlainPart)
      } else {
        #expect((part as? InjectedPart)?.request.id == id)
      }
    }
  }
}
