import Surrogate
import Testing

struct SmokeTests {
  @Test func viewAndPresenterResolveAsOneGraph() throws {
    let container = Container()
    container.register(.shared) { ListViewController() }
      .implements((any ListView).self)
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.register(.shared) { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
    let controller: ListViewController = try container.resolve()
    let presenter = try #require(controller.presenter)
    let view = try #require(presenter.view)
    #expect(ObjectIdentifier(view) == ObjectIdentifier(controller))
  }
}
