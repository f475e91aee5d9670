// The Concurrency article's main-actor screen, registered as its first block does.
import Surrogate

@MainActor final class MainViewController {
  var presenter: MainPresenter?
  var title = ""
}

final class MainPresenter: Sendable {
  let service: Service2
  init(service: Service2) { self.service = service }
}

final class Service2: Sendable {}

let container: Container = {
  let container = Container()
  container.register(.singleton) { Service2() }
  container.autowire(MainPresenter.init)
  container.register(.shared) { @MainActor _ in MainViewController() }
    .resolvingPropertiesOnMainActor { r, controller in
      controller.presenter = try r.resolve()
      controller.title = "List"
    }
  return container
}()

@MainActor func present(_ controller: MainViewController) {}
