import SuiteSupport
import Surrogate
import Testing

// A `.shared` instance is reused per definition and requested tag, as in Dip: a type forwarded
// through a weak proxy under a tag of its own, asked for with that tag, is another instance than
// the untagged request's, and only the proxy holds it. (Outside client 14.)

private protocol TabView: AnyObject {
  func render(_ title: String)
}

extension WeakRefProxy: TabView where T: TabView {
  func render(_ title: String) { withSubject(for: ProxyAccess("render(_:)")) { $0.render(title) } }
}

private final class TabViewController: TabView {
  var presenter: TabPresenter?
  private(set) var rendered: [String] = []
  func render(_ title: String) { rendered.append(title) }
}

private final class TabPresenter {
  var view: (any TabView)?
  func load() { view?.render("Cart") }
}

struct TaggedWeakForwardingTests {
  private func screen() -> Container {
    let container = Container()
    container.register(.shared) { TabViewController() }
      .implements((any TabView).self, tag: "main", through: WeakRefProxy.init)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.register(.shared) { TabPresenter() }
      .resolvingProperties { r, presenter in presenter.view = try r.resolve(tag: "main") }
    return container
  }

  /// The warning says why the view is gone (the tag made another instance), and its remedy
  /// names a request that reuses the view: the controller with the forwarding's tag.
  @Test func validateSaysTheTaggedRequestMadeAnotherInstanceAndHowToReuseTheView() throws {
    let container = screen()
    let untagged = try container.resolve(TabViewController.self)
    untagged.presenter?.load()
    #expect(untagged.rendered.isEmpty)  // Dip's reuse: the presenter got another controller

    let warning = try #require(
      container.validate().warnings.first { $0.kind == .heldOnlyWeakly && $0.path.first?.type == TabPresenter.self })
    #expect(warning.message.contains("asks for TabView tag \"main\""), "\(warning.message)")
    #expect(warning.message.contains("another TabViewController"), "\(warning.message)")
    #expect(warning.message.contains("container.resolve(TabViewController.self, tag: \"main\")"), "\(warning.message)")
    #expect(!warning.message.contains("Resolve TabViewController instead"), "\(warning.message)")

    // The remedy holds: resolved with the tag, the controller is the presenter's view.
    let tagged = try container.resolve(TabViewController.self, tag: "main")
    tagged.presenter?.load()
    #expect(tagged.rendered == ["Cart"])
  }
}
