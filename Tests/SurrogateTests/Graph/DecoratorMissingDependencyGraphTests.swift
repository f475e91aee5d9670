import SuiteSupport
import Surrogate
import Testing

/// A decorator whose own dependency is missing is the definition the export could not build whole,
/// not the definition it decorates, which was built (outside client 37: the orange box went on the
/// decorated definition, and the decorator's was drawn complete).
struct DecoratorMissingDependencyGraphTests {
  private protocol Quotes: Sendable {}
  private final class RemoteQuotes: Quotes {}
  private final class QuoteCache: Sendable {}
  private final class CachingQuotes: Quotes {
    init(upstream: any Quotes, cache: QuoteCache) {}
  }

  @Test func theDecoratorIsTheIncompleteNode() throws {
    let container = Container()
    container.register(.singleton) { RemoteQuotes() }.implements((any Quotes).self)
    container.decorate((any Quotes).self) { r, inner in CachingQuotes(upstream: inner, cache: try r.resolve()) }
    let graph = container.dependencyGraph()
    let decorator = try #require(graph.nodes.first { $0.decorates != nil })
    let decorated = try #require(graph.nodes.first { $0.key.type == RemoteQuotes.self })
    #expect(decorator.incomplete?.contains("QuoteCache") == true, "\(graph.nodes)")
    #expect(decorated.incomplete == nil, "\(graph.nodes)")
  }
}
