import Surrogate
import Testing

private enum Foo {
  struct Bar {}
}

private enum Baz {
  struct Bar {}
}

/// Dip's `AutoInjectionTests`. Every case but one needs Dip's auto-injected properties
/// (`@Injected`, `@InjectedWeak`), which Surrogate does not have: they are listed in `AwaitingAPI`.
struct AutoInjectionTests {
  /// Dip: two nested types with the same name in different scopes are different keys and
  /// different registrations.
  @Test func scopedTypes() throws {
    let key1 = DefinitionKey(type: Baz.Bar.self)
    let key2 = DefinitionKey(type: Foo.Bar.self)
    #expect(key1 != key2)
    #expect(key1.hashValue != key2.hashValue)

    let container = Container()
    container.register { Baz.Bar() }
    #expect(throws: Never.self) { try container.resolve(Baz.Bar.self) }
    #expect(throws: ResolutionError.self) { try container.resolve(Foo.Bar.self) }
    container.register { Foo.Bar() }
    #expect(throws: Never.self) { try container.resolve(Foo.Bar.self) }
  }
}
