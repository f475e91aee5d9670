import Surrogate
import Testing

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
}
