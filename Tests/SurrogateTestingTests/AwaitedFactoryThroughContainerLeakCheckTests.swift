import Surrogate
import SurrogateTesting
import Testing

/// Holds its view strongly, which holds it: the leak a check must find.
private final class LeakyPresenter: @unchecked Sendable {  // `view` is set once, before it is shared
  var view: LeakyView?
}

private final class LeakyView: Sendable {
  let presenter: LeakyPresenter
  init(presenter: LeakyPresenter) {
    self.presenter = presenter
    presenter.view = self
  }
}

/// An `async` factory that awaits `container.resolve` (Dip's idiom) joins the leak check's graph,
/// so the check sees what it made.
struct AwaitedFactoryThroughContainerLeakCheckTests {
  @Test func aLeakCheckSeesWhatAnAsyncFactoryMadeThroughTheContainer() async throws {
    let app = Container()
    app.register { LeakyPresenter() }
    app.register { [unowned app] _ async throws in LeakyView(presenter: try await app.resolve(LeakyPresenter.self)) }
    let report = try await app.checkForLeaks(resolving: LeakyView.self)
    #expect(!report.isReleased, "\(report)")
    #expect(report.leaks.map(\.typeName).sorted() == ["LeakyPresenter", "LeakyView"], "\(report)")
    #expect(report.checked.map(\.description).sorted() == ["LeakyPresenter", "LeakyView"], "\(report)")
  }
}
