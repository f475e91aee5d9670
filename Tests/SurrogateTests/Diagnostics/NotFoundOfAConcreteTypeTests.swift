import SuiteSupport
import Surrogate
import Testing

/// The remedy of a missing concrete type: its own definition makes it (`register` or `autowire`);
/// only a subclass's definition could forward a class, and nothing forwards a struct. A nested type
/// is named with the type it is nested in, as code outside it writes it.
struct NotFoundOfAConcreteTypeTests {
  final class TodoStore {}
  struct Settings {}

  private func remedy<T>(_ type: T.Type, tag: String? = nil) -> String? {
    let container = Container()
    do throws(ResolutionError) {
      _ = try container.resolve(type, tag: tag)
      return nil
    } catch {
      return error.remedy
    }
  }

  @Test func aMissingClassIsRegisteredOrAutowiredAndASubclassCanForwardIt() {
    #expect(
      remedy(TodoStore.self)
        == "Register it: `container.register(.shared) { r in ... }` returning NotFoundOfAConcreteTypeTests.TodoStore, or `container.autowire(NotFoundOfAConcreteTypeTests.TodoStore.init)` (a subclass's definition can also forward it, with `.implements(NotFoundOfAConcreteTypeTests.TodoStore.self)`)."
    )
  }

  @Test func aMissingStructIsRegisteredOrAutowired() {
    #expect(
      remedy(Settings.self, tag: "beta")
        == "Register it: `container.register(.shared, tag: \"beta\") { r in ... }` returning NotFoundOfAConcreteTypeTests.Settings, or `container.autowire(tag: \"beta\", NotFoundOfAConcreteTypeTests.Settings.init)`."
    )
  }
}
