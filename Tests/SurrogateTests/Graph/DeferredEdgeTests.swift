import SuiteSupport
import Surrogate
import Testing

// Private, so that a node is named by its own name, as the tests below write it.
private final class Editor: Sendable {
  let page: Page
  init(page: Page) { self.page = page }
}
private final class Page: Sendable {
  let editor: Lazy<Editor>
  let previews: Provider<Preview>
  init(editor: Lazy<Editor>, previews: Provider<Preview>) {
    self.editor = editor
    self.previews = previews
  }
}
private final class Preview: Sendable {}
private final class Exporter: Sendable {
  let index: AsyncLazy<SearchIndex>
  let renderers: AsyncProvider<any Renderer>
  init(index: AsyncLazy<SearchIndex>, renderers: AsyncProvider<any Renderer>) {
    self.index = index
    self.renderers = renderers
  }
}
private final class SearchIndex: Sendable {}
private protocol Renderer: Sendable {}
private final class PDFRenderer: Renderer {}

private final class PreviewCache: Sendable {
  let previews: Provider<Preview>
  init(previews: Provider<Preview>) { self.previews = previews }
}

/// A definition that takes another as a `Lazy`, a `Provider` or their `async` forms asks for it
/// later: the export draws that edge, dotted and reading "later", and no cycle closes through it.
struct DeferredEdgeTests {
  @Test func aLazyAndAProviderAreDeferredEdgesThatCloseNoCycle() {
    let container = Container()
    container.autowire(Editor.init)
    container.autowire(Page.init)
    container.register(.unique) { Preview() }
    let graph = container.dependencyGraph()
    let edges = Set(graph.edges.map { "\($0.from) -> \($0.to)\($0.isDeferred ? " (later)" : "")" })
    #expect(edges == ["Editor -> Page", "Page -> Editor (later)", "Page -> Preview (later)"])
    // The editor asks for the page while it is built; the page asks for the editor when used.
    #expect(graph.cycles.isEmpty)
    #expect(graph.edges.allSatisfy { !graph.isOnCycle($0) })
    #expect(graph.dot().contains(#""Page" -> "Editor" [label="later", style=dotted];"#))
    #expect(graph.mermaid().contains(#"-.->|"later"|"#))
  }

  @Test func theGraphOfOneResolutionDrawsTheNodeADeferredEdgeLeadsTo() throws {
    let container = Container()
    container.autowire(Editor.init)
    container.autowire(Page.init)
    container.register(.unique) { Preview() }
    let graph = try container.dependencyGraph(of: Page.self)
    let nodes = Set(graph.nodes.map(\.key.description))
    #expect(nodes == ["Page", "Editor", "Preview"])
    #expect(graph.edges.allSatisfy { edge in nodes.contains(edge.to.description) })
    #expect(!graph.mermaid().contains("missing"))
  }

  @Test func mermaidTellsAWeakEdgeFromADeferredOne() {
    let container = Container()
    container.register(.shared) { WeakView() }
      .implements((any WeakViewing).self, through: WeakRefProxy.init)
      .resolvingProperties { r, view in view.presenter = try r.resolve() }
    container.register(.shared) { r in WeakPresenter(view: try r.resolve()) }
    let mermaid = container.dependencyGraph().mermaid()
    #expect(mermaid.contains(#"-.->|"weak, as WeakViewing"|"#), "\(mermaid)")
  }

  @Test func theAsyncFormsAreDeferredEdgesToTheDefinitionThatAnswers() async throws {
    let container = Container()
    container.register(.singleton) { () async in SearchIndex() }
    container.register(.unique) { PDFRenderer() }.implements((any Renderer).self)
    container.autowire(Exporter.init)
    let graph = await container.dependencyGraph()
    let edges = graph.edges.filter(\.isDeferred).map { "\($0.from) -> \($0.to) as \($0.requested?.description ?? "-")" }
    #expect(Set(edges) == ["Exporter -> SearchIndex as -", "Exporter -> PDFRenderer as Renderer"])
    #expect(graph.dot().contains(#"[label="later, as Renderer", style=dotted]"#))
  }

  @Test func aDeferredEdgeIsDrawnInTheGraphOfOneResolutionToo() throws {
    let container = Container()
    container.autowire(Editor.init)
    container.autowire(Page.init)
    container.register(.unique) { Preview() }
    let graph = try container.dependencyGraph(of: Page.self)
    #expect(graph.edges.map { "\($0.from) -> \($0.to)" } == ["Page -> Editor", "Page -> Preview"])
    #expect(graph.edges.allSatisfy { $0.isDeferred })
  }

  @Test func validateSeesNoCaptiveThroughAProviderOfASingleton() {
    // A singleton that takes a `.unique` definition as a `Provider` holds none of its instances:
    // `validate()`'s remedy for a captive dependency is exactly that.
    let container = Container()
    container.register(.unique) { Preview() }
    container.register(.singleton) { r in PreviewCache(previews: try r.resolve()) }
    #expect(container.validate().warnings.isEmpty, "\(container.validate())")
    #expect(container.dependencyGraph().edges.map(\.isDeferred) == [true])
  }
}

protocol WeakViewing: AnyObject {}
extension WeakRefProxy: WeakViewing where T: WeakViewing {}

final class WeakView: WeakViewing {
  var presenter: WeakPresenter?
}

final class WeakPresenter {
  let view: any WeakViewing
  init(view: any WeakViewing) { self.view = view }
}
