import SuiteSupport
import Surrogate
import Testing

/// A catalogue whose connection only an `async` factory can open, and one only the main actor
/// may make.
private final class OpenedCatalogue: Catalogue {
  let source: String
  init(source: String) { self.source = source }
  func name(of id: Int) throws -> String { "\(source) \(id)" }
}

/// A per-request record a decorator's request makes (`.unique`), counted.
private final class DecorationSession: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// Under `try await`, a decorator wraps an `async` or main-actor definition: what it wraps is
/// awaited, then the decorator (synchronous, yours) runs once.
struct DecoratedAsyncDefinitionTests {
  @Test(arguments: [Scope.singleton, .shared, .unique])
  func aDecoratedAsyncDefinitionIsAwaitedAndTheDecoratorRunsOnce(scope: Scope) async throws {
    let decorators = Counter()
    let sessions = Counter()
    let container = Container()
    container.register(.unique) { DecorationSession(number: sessions.increment()) }
    container.register(scope, type: (any Catalogue).self) { _ async throws in
      await Task.yield()
      return OpenedCatalogue(source: "opened")
    }
    container.decorate((any Catalogue).self) { r, inner in
      decorators.increment()
      _ = try r.resolve(DecorationSession.self)
      return CachingCatalogue(upstream: inner)
    }
    let catalogue = try await container.resolve((any Catalogue).self)
    #expect(try catalogue.name(of: 1) == "cached opened 1")
    #expect(decorators.value == 1)
    #expect(sessions.value == 1)
    // A synchronous resolve still says it needs `await`.
    if scope != .singleton {
      let error = #expect(throws: ResolutionError.self) { try container.resolve((any Catalogue).self) }
      #expect(error?.code == .requiresAwait)
    }
  }

  @Test func aDecoratedMainActorDefinitionIsMadeOnTheMainActorFromAnyTask() async throws {
    let decorators = Counter()
    let container = Container()
    container.register(.shared, type: (any Catalogue).self) { @MainActor _ in OpenedCatalogue(source: "main") }
    container.decorate((any Catalogue).self) { _, inner in
      decorators.increment()
      return LoggingCatalogue(upstream: inner)
    }
    let name = try await Task.detached { try await container.resolve((any Catalogue).self).name(of: 2) }.value
    #expect(name == "logged main 2")
    #expect(decorators.value == 1)
  }

  @Test func awaitedValidationOfADecoratedAsyncDefinitionFindsNoProblem() async throws {
    let container = Container()
    container.register(.singleton, type: (any Catalogue).self) { _ async in OpenedCatalogue(source: "opened") }
    container.decorate((any Catalogue).self) { _, inner in CachingCatalogue(upstream: inner) }
    let report = await container.validate()
    #expect(report.problems.isEmpty, "\(report)")
  }
}
