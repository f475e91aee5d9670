// The objects of the Leak Checking article's "What the check can see".
import Surrogate

final class Refresher {
  var onUpdate: (() -> Void)?
  func refresh() {}
  func bind() { onUpdate = { self.refresh() } }
}

final class SearchIndex {
  var owner: AnyObject?
}

final class IndexHolder {
  let index = LazyProxy { SearchIndex() }
}

final class Listener {}

final class Hub {
  var listeners: [Listener] = []
}

final class ListeningScreen {
  let listener: Listener
  init(hub: Hub, listener: Listener) {
    self.listener = listener
    hub.listeners.append(listener)
  }
}
