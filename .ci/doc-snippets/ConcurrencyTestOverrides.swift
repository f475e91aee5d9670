// The app container and clock of the Concurrency article's `.overriding` test.
import Surrogate

protocol Clock: Sendable {
  var name: String { get }
}
struct SystemClock: Clock {
  var name: String { "system" }
}
struct StubClock: Clock {
  let name: String
}

let appContainer: Container = {
  let container = Container()
  container.register(.singleton, type: (any Clock).self) { SystemClock() }
  return container
}()
