import SuiteSupport
import Surrogate
import Testing

/// The interceptor a decorator puts in front of the view.
extension InterceptingProxy: LedgerView where Subject == any LedgerView {
  func show(_ total: Int) { withSubject(for: ProxyAccess("show(_:)")) { $0.show(total) } }
  func title() throws -> String { try requireSubject(for: ProxyAccess("title()")).title() }
}

/// A decorator in front of a view forwarded `through: WeakRefProxy.init`.
private final class CountingLedgerView: LedgerView {
  let inner: any LedgerView
  init(inner: any LedgerView) { self.inner = inner }
  func show(_ total: Int) { inner.show(total) }
  func title() throws -> String { try inner.title() }
}

/// The graph export of an MVP screen whose view is decorated and forwarded through a weak proxy,
/// with an initializer cycle: the same drawing whatever order the export visits the definitions
/// in, and the presenter's arrow goes to the decorator, which decorates the view.
struct DecoratedWeakForwardingGraphTests {
  private func screen() -> Container {
    let container = Container()
    container.register(.shared) { r in LedgerViewController(presenter: try r.resolve()) }
      .implements((any LedgerView).self, through: WeakRefProxy.init)
    container.register(.shared) { r in LedgerPresenter(view: try r.resolve()) }
    container.decorate((any LedgerView).self) { _, inner in CountingLedgerView(inner: inner) }
    return container
  }

  @Test func theExportIsTheSameForEveryContainerAndGoesThroughTheDecorator() {
    let drawings = Set((0..<12).map { _ in screen().dependencyGraph().dot() })
    #expect(drawings.count == 1, "\(drawings.joined(separator: "\n"))")
    let edges = screen().dependencyGraph().edges.map { edge in
      "\(edge.from) -> \(edge.to)\(edge.isWeak ? " weak" : "")\(edge.isDecoration ? " decorates" : "")"
    }
    #expect(Set(edges).count == edges.count, "\(edges)")
    #expect(!edges.contains { $0.hasPrefix("LedgerPresenter -> LedgerViewController") }, "\(edges)")
  }

  /// Every edge ends at a node the export draws: the decorator's interceptor in front of the
  /// weakly forwarded view, with a decorator of a type of the package's own (outside client 18:
  /// an edge from the view type to the controller had no node).
  @Test func everyEdgeEndsAtADrawnNode() {
    let container = Container()
    container.register(.shared) { r in LedgerViewController(presenter: try r.resolve()) }
      .implements((any LedgerView).self, through: WeakRefProxy.init)
    container.register(.shared) { r in LedgerPresenter(view: try r.resolve()) }
    container.decorate((any LedgerView).self) { _, inner in InterceptingProxy(inner) }
    let graph = container.dependencyGraph()
    let keys = Set(graph.nodes.map(\.key))
    for edge in graph.edges {
      #expect(keys.contains(edge.from), "an edge from a node not drawn: \(edge.from) -> \(edge.to)")
      #expect(keys.contains(edge.to), "an edge to a node not drawn: \(edge.from) -> \(edge.to)")
    }
  }
}
