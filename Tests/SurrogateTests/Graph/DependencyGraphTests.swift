import Foundation
import SuiteSupport
import Surrogate
import Testing

struct DependencyGraphTests {
  /// The MVP screen with a strong view ↔ presenter cycle through a forwarded type.
  func leakyScreen() -> Container {
    let container = Container()
    container.register(.shared) { ListViewController() }
      .implements((any ListView).self)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.register(.shared) { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
    container.register(.singleton) { Service() }
    return container
  }

  @Test func graphOfAContainerHasEveryDefinitionAndWhoAskedForWhom() {
    let graph = leakyScreen().dependencyGraph()
    #expect(graph.nodes.map(\.key.description) == ["ListPresenter", "ListViewController", "Service"])
    #expect(graph.nodes.map(\.scope) == [.shared, .shared, .singleton])
    #expect(graph.nodes[1].forwardedTypes.map(\.description) == ["ListView"])
    let edges = graph.edges.map { "\($0.from) -> \($0.to) as \($0.requested?.description ?? "-")" }
    #expect(edges == ["ListPresenter -> ListViewController as ListView", "ListViewController -> ListPresenter as -"])
  }

  /// A child's graph draws the parent's definitions its own reach with the types the parent
  /// forwards to them, as the parent's graph does: the box said nothing while its incoming edge
  /// said "as ListView" (outside client 24).
  @Test func aChildsGraphKeepsTheTypesItsParentForwardsToWhatItReaches() {
    let app = leakyScreen()
    let screen = Container(parent: app)
    screen.register { r in DetailHolder(view: try r.resolve()) }
    let graph = screen.dependencyGraph()
    let controller = graph.nodes.first { $0.key == DefinitionKey(type: ListViewController.self) }
    #expect(controller?.forwardedTypes.map(\.description) == ["ListView"], "\(graph.nodes)")
  }

  /// A definition that takes runtime arguments is not built by the export: it is drawn marked
  /// incomplete, with why, not as a box with no dependencies (outside client 24).
  @Test func aDefinitionWithRuntimeArgumentsIsDrawnIncompleteWithWhy() async {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register { (r, name: String) in NamedRepository(name: name, service: try r.resolve()) }
    for graph in [drawNow(container), await container.dependencyGraph()] {
      let node = graph.nodes.first { $0.key.type == NamedRepository.self }
      #expect(node?.incomplete?.contains("needs runtime arguments String") == true, "\(String(describing: node))")
      #expect(node?.incomplete?.contains("validate(arguments:)") == true, "\(String(describing: node))")
      #expect(graph.nodes.first { $0.key.type == Service.self }?.incomplete == nil)
    }
  }

  @Test func strongCyclesAreFound() {
    let graph = leakyScreen().dependencyGraph()
    #expect(graph.cycles.map { $0.map(\.description) } == [["ListPresenter", "ListViewController"]])
    #expect(graph.edges.allSatisfy(graph.isOnCycle))
  }

  @Test func presenterBuiltWithItsViewThroughAWeakProxyIsNoCycle() {
    let container = Container()
    container.register(.shared) { ScreenViewController() }
      .implements((any ScreenViewProtocol).self, through: WeakRefProxy.init)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.autowire(ScreenViewPresenter.init)
    let graph = container.dependencyGraph()
    let edges = Set(graph.edges.map { "\($0.from) -> \($0.to)" })
    #expect(edges == ["ScreenViewPresenter -> ScreenViewController", "ScreenViewController -> ScreenViewPresenter"])
    #expect(graph.cycles.isEmpty)
  }

  @Test func aBackReferenceInjectedWeaklyIsAWeakEdgeAndNoCycle() {
    let container = Container()
    container.register(.shared) { InjectingParent() }
    container.register(.shared) { WeaklyInjectedChild() }
    let graph = container.dependencyGraph()
    let edges = Set(graph.edges.map { "\($0.from) -> \($0.to)\($0.isWeak ? " (weak)" : "")" })
    #expect(edges == ["InjectingParent -> WeaklyInjectedChild", "WeaklyInjectedChild -> InjectingParent (weak)"])
    #expect(graph.cycles.isEmpty)
  }

  @Test func graphOfOneResolutionHasOnlyWhatItReached() throws {
    let graph = try leakyScreen().dependencyGraph(of: ListViewController.self)
    #expect(graph.nodes.map(\.key.description) == ["ListPresenter", "ListViewController"])
    #expect(graph.edges.count == 2)
  }

  @Test func dotRendersAKnownGraph() {
    let dot = leakyScreen().dependencyGraph().dot()
    #expect(
      dot == """
        digraph Surrogate {
          rankdir=LR;
          node [shape=box, fontname="Helvetica"];
          "ListPresenter" [label="ListPresenter\\n.shared"];
          "ListViewController" [label="ListViewController\\n.shared\\nimplements ListView"];
          "Service" [label="Service\\n.singleton"];
          "ListPresenter" -> "ListViewController" [label="as ListView", color=red, penwidth=2];
          "ListViewController" -> "ListPresenter" [color=red, penwidth=2];
        }

        """)
  }

  @Test func mermaidRendersAKnownGraph() {
    let mermaid = leakyScreen().dependencyGraph().mermaid()
    #expect(
      mermaid == """
        graph LR
          n0["ListPresenter<br/>.shared"]
          n1["ListViewController<br/>.shared<br/>implements ListView"]
          n2["Service<br/>.singleton"]
          n0 -->|"as ListView"| n1
          n1 --> n0
          linkStyle 0,1 stroke:red,stroke-width:2px

        """)
  }

  @Test(.enabled(if: DOT.isInstalled, "needs Graphviz's dot"))
  func dotOutputParsesWithGraphviz() throws {
    let (status, output) = try DOT.run(["-Tplain"], input: leakyScreen().dependencyGraph().dot())
    #expect(status == 0, "\(output)")
    #expect(output.hasPrefix("graph "))
  }

  @Test func singletonCapturingAShorterLivedInstanceIsAWarning() {
    let container = Container()
    container.register(.unique) { Service() }
    container.register(.singleton) { r in Repository(service: try r.resolve()) }
    let report = container.validate()
    #expect(report.isValid)
    let warning = report.warnings.first { $0.kind == .captiveDependency }
    #expect(warning?.path.map(\.description) == ["Repository", "Service"])
    #expect(warning?.message.hasPrefix("Repository (.singleton) captures Service (.unique)") == true)
  }

  @Test func singletonDependingOnSingletonsIsNotCaptive() {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register(.singleton) { r in Repository(service: try r.resolve()) }
    #expect(container.validate().warnings.isEmpty)
  }
}

/// Graphviz's `dot`, when it is installed.
enum DOT {
  static let path = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
  static var isInstalled: Bool { path != nil }

  static func run(_ arguments: [String], input: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/dot")
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Holds its child strongly, by an auto-injected property.
private final class InjectingParent {
  @Injected var child: WeaklyInjectedChild
}

/// Holds its parent weakly, by an auto-injected property.
private final class WeaklyInjectedChild {
  @InjectedWeak var parent: InjectingParent?
}

/// Takes the screen's view, which the parent forwards `ListView` to.
private final class DetailHolder {
  let view: any ListView
  init(view: any ListView) { self.view = view }
}

/// Made with a runtime argument.
private final class NamedRepository {
  let name: String
  let service: Service
  init(name: String, service: Service) {
    self.name = name
    self.service = service
  }
}

/// The synchronous export, from a synchronous function (in an `async` one the call would pick the
/// `async` overload).
private func drawNow(_ container: Container) -> DependencyGraph { container.dependencyGraph() }
