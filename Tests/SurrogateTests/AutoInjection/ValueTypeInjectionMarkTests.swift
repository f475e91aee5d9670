import SuiteSupport
import Surrogate
import Testing

private protocol Marked {}
private protocol MarkedObject: AnyObject {}

private final class MarkedDependency {}

private final class FirstMarked: Marked, MarkedObject {
  @Injected var dependency: MarkedDependency
}

private final class SecondMarked: Marked, MarkedObject {
  @Injected var dependency: MarkedDependency
}

private struct MarkedValue: Marked {
  let number: Int
}

/// A registration of a value type learns that its instances need no auto-injection; one of an
/// existential type does not, whatever its instances are.
@Suite(.hangGuard)
struct ValueTypeInjectionMarkTests {
  @Test func classesMadeUnderAnExistentialGetTheirPropertiesEvenAfterAValue() throws {
    let container = Container()
    container.register { MarkedDependency() }
    let made = Counter()
    container.register(.unique, type: (any Marked).self) {
      switch made.increment() % 3 {
      case 1: MarkedValue(number: 1)
      case 2: FirstMarked()
      default: SecondMarked()
      }
    }

    #expect(try container.resolve((any Marked).self) is MarkedValue)
    let first = try #require(try container.resolve((any Marked).self) as? FirstMarked)
    let second = try #require(try container.resolve((any Marked).self) as? SecondMarked)

    #expect(first.dependency !== second.dependency)
  }

  @Test func classesMadeUnderAClassBoundExistentialGetTheirProperties() throws {
    let container = Container()
    container.register { MarkedDependency() }
    let made = Counter()
    container.register(.unique, type: (any MarkedObject).self) {
      made.increment() % 2 == 1 ? FirstMarked() as any MarkedObject : SecondMarked()
    }

    let first = try #require(try container.resolve((any MarkedObject).self) as? FirstMarked)
    let second = try #require(try container.resolve((any MarkedObject).self) as? SecondMarked)

    #expect(first.dependency !== second.dependency)
  }

  @Test func aValueRegisteredInEachScopeResolvesThere() throws {
    let app = Container()
    let numbers = try (1...3).map { number in
      try app.withScope { scope in
        scope.register { MarkedValue(number: number) }
        return try scope.resolve(MarkedValue.self).number
      }
    }

    #expect(numbers == [1, 2, 3])
  }
}
