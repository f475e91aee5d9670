// `swift run surrogate-demo`: composes a small MVP screen with the container and shows what it
// built, that each factory ran once, and that the screen is released when its root is dropped.
import Surrogate
import SurrogateTesting
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

protocol TodoView: AnyObject {
  func display(_ items: [String])
}

protocol TodoStore: Sendable {
  func items() -> [String]
}

struct InMemoryTodoStore: TodoStore {
  func items() -> [String] { ["Write the container", "Prove the screen is released", "Ship"] }
}

extension TodoView where Self: Proxy, Self.Subject: TodoView {
  func display(_ items: [String]) {
    withSubject(for: ProxyAccess("display(_:)")) { $0.display(items) }
  }
}

extension WeakRefProxy: TodoView where T: TodoView {}

/// Holds its view with a plain strong `let`: the composition root decides it is a weak proxy.
final class TodoPresenter {
  let view: any TodoView
  let store: any TodoStore
  init(view: any TodoView, store: any TodoStore) {
    self.view = view
    self.store = store
  }
  func viewDidLoad() { view.display(store.items()) }
}

final class TodoViewController: TodoView {
  var presenter: TodoPresenter?
  private(set) var rendered: [String] = []
  func display(_ items: [String]) { rendered = items }
}

func compose() -> Container {
  let container = Container()
  container.register(.singleton, type: (any TodoStore).self) { InMemoryTodoStore() }
  container.autowire(TodoPresenter.init)
  container.register(.shared) { TodoViewController() }
    .implements((any TodoView).self, through: WeakRefProxy.init)
    .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  return container
}

func run(arguments: [String]) throws(ResolutionError) {
  let container = compose()
  if let index = arguments.firstIndex(of: "--graph") {
    let format = index + 1 < arguments.count ? arguments[index + 1] : "dot"
    let graph = container.dependencyGraph()
    print(format == "mermaid" ? graph.mermaid() : graph.dot(), terminator: "")
    return
  }
  let report = container.validate()
  print("Surrogate demo: an MVP screen composed by a container")
  print("validate(): \(report.checked.count) definitions, \(report.problems.count) problems")
  for problem in report.problems { print("  \(problem)") }

  do {
    let controller: TodoViewController = try container.resolve()
    controller.presenter?.viewDidLoad()
    print("\nTodoViewController → TodoPresenter → TodoView (the controller, through a WeakRefProxy)")
    let proxy = controller.presenter?.view as? WeakRefProxy<TodoViewController>
    print("  presenter.view is a weak proxy of the controller: \(proxy?.object === controller)")
    for (index, item) in controller.rendered.enumerated() { print("  \(index + 1). \(item)") }
  }

  let leaks = try container.checkForLeaks(resolving: TodoViewController.self)
  print("\nscreen \(leaks.isReleased ? "released" : "NOT released"): \(leaks.checked.count) objects, \(leaks.leaks.count) leaked")
  for leak in leaks.leaks { print("  \(leak)") }

  do {
    _ = try Container().resolve((any TodoView).self)
  } catch {
    print("\nAn error names what failed and how to fix it:\n  \(error)")
  }
  print("\nSee the composition as a picture: swift run surrogate-demo --graph dot | dot -Tpng > graph.png")
}

do {
  try run(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  print("error: \(error)")
  exit(1)
}
