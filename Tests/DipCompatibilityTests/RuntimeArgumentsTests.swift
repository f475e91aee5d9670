import Surrogate
import Testing

/// A service that says which factory made it.
private final class NamedService: Service {
  let name: String
  init(name: String, baseURL: String, port: Int) { self.name = name }
}

/// Dip's `RuntimeArgumentsTests`: factories keyed by the number, types and order of their
/// runtime arguments. Surrogate's factories take the resolver first, then the arguments.
struct RuntimeArgumentsTests {
  /// Dip: a factory with one runtime argument receives the value passed to `resolve`.
  @Test func resolvesInstanceWithOneArgument() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int) -> any Service in
      received.update { $0.append([a1]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1) is ServiceImp1)
    #expect(received.value == [[1], [1]])
  }

  /// Dip: a factory with two runtime arguments receives them in order.
  @Test func resolvesInstanceWithTwoArguments() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int, a2: Int) -> any Service in
      received.update { $0.append([a1, a2]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1, 2)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2) is ServiceImp1)
    #expect(received.value == [[1, 2], [1, 2]])
  }

  /// Dip: a factory with three runtime arguments receives them in order.
  @Test func resolvesInstanceWithThreeArguments() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int, a2: Int, a3: Int) -> any Service in
      received.update { $0.append([a1, a2, a3]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1, 2, 3)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2, 3) is ServiceImp1)
    #expect(received.value == [[1, 2, 3], [1, 2, 3]])
  }

  /// Dip: a factory with four runtime arguments receives them in order.
  @Test func resolvesInstanceWithFourArguments() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int, a2: Int, a3: Int, a4: Int) -> any Service in
      received.update { $0.append([a1, a2, a3, a4]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1, 2, 3, 4)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2, 3, 4) is ServiceImp1)
    #expect(received.value == [[1, 2, 3, 4], [1, 2, 3, 4]])
  }

  /// Dip: a factory with five runtime arguments receives them in order.
  @Test func resolvesInstanceWithFiveArguments() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int, a2: Int, a3: Int, a4: Int, a5: Int) -> any Service in
      received.update { $0.append([a1, a2, a3, a4, a5]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1, 2, 3, 4, 5)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2, 3, 4, 5) is ServiceImp1)
    #expect(received.value == [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]])
  }

  /// Dip: a factory with six runtime arguments receives them in order.
  @Test func resolvesInstanceWithSixArguments() throws {
    let container = Container()
    let received = Recorder<[[Int]]>([])
    container.register { (_: Resolver, a1: Int, a2: Int, a3: Int, a4: Int, a5: Int, a6: Int) -> any Service in
      received.update { $0.append([a1, a2, a3, a4, a5, a6]) }
      return ServiceImp1()
    }
    let inferred: any Service = try container.resolve(arguments: 1, 2, 3, 4, 5, 6)
    #expect(inferred is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2, 3, 4, 5, 6) is ServiceImp1)
    #expect(received.value == [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]])
  }

  /// Dip: factories with different numbers of arguments are different definitions.
  @Test func registersDifferentFactoriesForDifferentNumberOfArguments() throws {
    let container = Container()
    container.register { (_: Resolver, _: Int) -> any Service in ServiceImp1() }
    container.register { (_: Resolver, _: Int, _: Int) -> any Service in ServiceImp2() }
    #expect(try container.resolve((any Service).self, arguments: 1) is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: 1, 2) is ServiceImp2)
  }

  /// Dip: factories with different argument types are different definitions.
  @Test func registersDifferentFactoriesForDifferentTypesOfArguments() throws {
    let container = Container()
    container.register { (_: Resolver, _: Int) -> any Service in ServiceImp1() }
    container.register { (_: Resolver, _: String) -> any Service in ServiceImp2() }
    #expect(try container.resolve((any Service).self, arguments: 1) is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: "string") is ServiceImp2)
  }

  /// Dip: factories with the same argument types in another order are different definitions.
  @Test func registersDifferentFactoriesForDifferentOrderOfArguments() throws {
    let container = Container()
    container.register { (_: Resolver, _: Int, _: String) -> any Service in ServiceImp1() }
    container.register { (_: Resolver, _: String, _: Int) -> any Service in ServiceImp2() }
    #expect(try container.resolve((any Service).self, arguments: 1, "string") is ServiceImp1)
    #expect(try container.resolve((any Service).self, arguments: "string", 1) is ServiceImp2)
  }

  /// Dip: registering the same argument types again replaces the earlier factory.
  @Test func newRegistrationWithSameArgumentsOverridesPreviousRegistration() throws {
    let container = Container()
    container.register { (_: Resolver, _: Int, _: Int) -> any Service in ServiceImp1() }
    let first = try container.resolve((any Service).self, arguments: 1, 2)
    container.register { (_: Resolver, _: Int, _: Int) -> any Service in ServiceImp2() }
    let second = try container.resolve((any Service).self, arguments: 1, 2)
    #expect(first is ServiceImp1)
    #expect(second is ServiceImp2)
  }

  /// Dip: an optional argument type (`String?`) is a different definition from `String`.
  @Test func differentFactoriesRegisteredIfArgumentIsOptional() throws {
    let container = Container()
    container.register { (_: Resolver, port: Int, url: String) -> any Service in
      NamedService(name: "1", baseURL: url, port: port)
    }
    container.register { (_: Resolver, port: Int, url: String?) -> any Service in
      NamedService(name: "2", baseURL: url ?? "", port: port)
    }
    let service1 = try container.resolve((any Service).self, arguments: 80, "http://example.com")
    let service2 = try container.resolve((any Service).self, arguments: 80, "http://example.com" as String?)
    #expect((service1 as? NamedService)?.name == "1")
    #expect((service2 as? NamedService)?.name == "2")
  }
}
