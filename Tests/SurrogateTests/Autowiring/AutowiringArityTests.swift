import SuiteSupport
import Surrogate
import Testing

/// An auto-wired parameter, told apart from the others by its `Slot` type; each names the
/// registration that made it.
final class Part<Slot>: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}
enum First {}
enum Second {}
enum Third {}
enum Fourth {}
enum Fifth {}
typealias FirstPart = Part<First>
typealias SecondPart = Part<Second>
typealias ThirdPart = Part<Third>
typealias FourthPart = Part<Fourth>
typealias FifthPart = Part<Fifth>

/// What an auto-wired initializer made: the names of the parts it was given, in order.
final class Assembly: Sendable {
  let names: [String?]
  init(_ names: [String?]) { self.names = names }
}

/// Two assemblies resolved in one graph.
final class AssemblyPair: Sendable {
  let left: Assembly
  let right: Assembly
  init(left: Assembly, right: Assembly) {
    self.left = left
    self.right = right
  }
}

/// A plain function, not an initializer, that uses its parameter twice.
enum AssemblyMaker {
  @Sendable static func twice(_ part: FirstPart) -> Assembly { Assembly([part.name, part.name]) }
}

/// Which `autowire` overload a case goes through: one of fixed arity (one to four parameters),
/// or the parameter pack, which wires any number.
enum AutowireOverload: CaseIterable, Sendable {
  case fixedArity
  case parameterPack
}

/// Registers through the parameter-pack overload only: inside a function generic over a pack, no
/// fixed-arity overload applies.
@discardableResult
func autowireThroughPack<T, each Dependency>(
  _ container: Container, _ scope: Scope, tag: String? = nil,
  _ initializer: @escaping @Sendable (repeat each Dependency) throws -> T
) -> Definition<T, Void> {
  container.autowire(scope, tag: tag, initializer)
}

/// Registers an `Assembly` initializer of `arity` parts (zero to five) through `overload`; `nil`
/// scope means the overload without a scope (the default, `.shared`).
func registerAssembly(arity: Int, through overload: AutowireOverload, scope: Scope?, in container: Container) {
  let pack = overload == .parameterPack
  switch arity {
  case 0:
    let make: @Sendable () -> Assembly = { Assembly([]) }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  case 1:
    let make: @Sendable (FirstPart) -> Assembly = { Assembly([$0.name]) }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  case 2:
    let make: @Sendable (FirstPart, SecondPart) -> Assembly = { Assembly([$0.name, $1.name]) }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  case 3:
    let make: @Sendable (FirstPart, SecondPart, ThirdPart) -> Assembly = { Assembly([$0.name, $1.name, $2.name]) }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  case 4:
    let make: @Sendable (FirstPart, SecondPart, ThirdPart, FourthPart) -> Assembly = {
      Assembly([$0.name, $1.name, $2.name, $3.name])
    }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  default:
    let make: @Sendable (FirstPart, SecondPart, ThirdPart, FourthPart, FifthPart) -> Assembly = {
      Assembly([$0.name, $1.name, $2.name, $3.name, $4.name])
    }
    if pack { autowireThroughPack(container, scope ?? .shared, make) } else if let scope { container.autowire(scope, make) } else { container.autowire(make) }
  }
}

/// A container with every part registered untagged, and the first part also under tag "test".
func containerOfParts() -> Container {
  let container = Container()
  container.register { FirstPart("first") }
  container.register(tag: "test") { FirstPart("first, tagged") }
  container.register { SecondPart("second") }
  container.register { ThirdPart("third") }
  container.register { FourthPart("fourth") }
  container.register { FifthPart("fifth") }
  container.register(.unique) { r in AssemblyPair(left: try r.resolve(), right: try r.resolve()) }
  return container
}

/// Registers the part of `slot` (1: the second, ... 4: the fifth) as an `async` singleton.
func registerAsyncPart(slot: Int, in container: Container) {
  switch slot {
  case 1: container.register(.singleton) { (_: Resolver) async -> SecondPart in await Task.yield(); return SecondPart("second") }
  case 2: container.register(.singleton) { (_: Resolver) async -> ThirdPart in await Task.yield(); return ThirdPart("third") }
  case 3: container.register(.singleton) { (_: Resolver) async -> FourthPart in await Task.yield(); return FourthPart("fourth") }
  default: container.register(.singleton) { (_: Resolver) async -> FifthPart in await Task.yield(); return FifthPart("fifth") }
  }
}

/// NB: the fixed-arity overloads exist only for speed (see `Container+Autowiring.swift`); every
/// case here runs through both them and the parameter pack, which must agree.
struct AutowiringArityTests {
  static let names = ["first", "second", "third", "fourth", "fifth"]

  @Test(arguments: 0...5, AutowireOverload.allCases)
  func everyParameterIsResolvedInOrder(arity: Int, overload: AutowireOverload) throws {
    let container = containerOfParts()
    registerAssembly(arity: arity, through: overload, scope: nil, in: container)
    #expect(try container.resolve(Assembly.self).names == Array(Self.names.prefix(arity)))
  }

  @Test(arguments: 1...5, AutowireOverload.allCases)
  func theRequestedTagReachesEveryParameterWithUntaggedFallback(arity: Int, overload: AutowireOverload) throws {
    let container = containerOfParts()
    registerAssembly(arity: arity, through: overload, scope: nil, in: container)
    let names = try container.resolve(Assembly.self, tag: "test").names
    #expect(names == ["first, tagged"] + Self.names[1..<arity])
  }

  @Test(arguments: 1...4, AutowireOverload.allCases)
  func withoutAScopeTheInstanceIsSharedWithinOneGraph(arity: Int, overload: AutowireOverload) throws {
    let container = containerOfParts()
    registerAssembly(arity: arity, through: overload, scope: nil, in: container)
    let pair = try container.resolve(AssemblyPair.self)
    #expect(ObjectIdentifier(pair.left) == ObjectIdentifier(pair.right))
    #expect(ObjectIdentifier(try container.resolve(AssemblyPair.self).left) != ObjectIdentifier(pair.left))
  }

  @Test(arguments: 1...4, AutowireOverload.allCases)
  func aScopeIsKept(arity: Int, overload: AutowireOverload) throws {
    let unique = containerOfParts()
    registerAssembly(arity: arity, through: overload, scope: .unique, in: unique)
    let pair = try unique.resolve(AssemblyPair.self)
    #expect(ObjectIdentifier(pair.left) != ObjectIdentifier(pair.right))

    let singleton = containerOfParts()
    registerAssembly(arity: arity, through: overload, scope: .singleton, in: singleton)
    let first = try singleton.resolve(Assembly.self)
    #expect(ObjectIdentifier(try singleton.resolve(Assembly.self)) == ObjectIdentifier(first))
  }

  @Test(arguments: 1...5, AutowireOverload.allCases)
  func aMissingParameterIsNotFoundWithItsPath(arity: Int, overload: AutowireOverload) throws {
    let container = Container()
    registerAssembly(arity: arity, through: overload, scope: nil, in: container)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Assembly.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key.type == FirstPart.self)
    #expect(ids(error?.path.map(\.type)) == ids(Assembly.self, FirstPart.self))
  }

  /// Under `await`, each parameter is made once, in order, and the initializer called once: an
  /// `async` last parameter does not make the `.unique` first one again.
  @Test(arguments: 2...5, AutowireOverload.allCases)
  func underAwaitAnAsyncParameterDoesNotMakeTheParametersBeforeItAgain(arity: Int, overload: AutowireOverload)
    async throws
  {
    let container = containerOfParts()
    let firsts = Counter()
    container.register(.unique) { FirstPart("first #\(firsts.increment())") }
    registerAsyncPart(slot: arity - 1, in: container)
    registerAssembly(arity: arity, through: overload, scope: nil, in: container)
    let names = try await container.resolve(Assembly.self).names
    #expect(names == ["first #1"] + Self.names[1..<arity])
    #expect(firsts.value == 1)
  }

  @Test(arguments: AutowireOverload.allCases)
  func anOptionalParameterIsNilOnlyWhenNothingIsRegistered(overload: AutowireOverload) throws {
    let make: @Sendable (FirstPart, SecondPart?) -> Assembly = { Assembly([$0.name, $1?.name]) }
    let container = Container()
    container.register { FirstPart("first") }
    if overload == .parameterPack { autowireThroughPack(container, .shared, make) } else { container.autowire(make) }
    #expect(try container.resolve(Assembly.self).names == ["first", nil])
    container.register { SecondPart("second") }
    #expect(try container.resolve(Assembly.self).names == ["first", "second"])
  }

  /// The fixed-arity overloads take their parameters `consuming`: functions and closures that
  /// borrow them, or use a parameter twice, must still convert.
  @Test func functionsAndClosuresOfEveryShapeStillAutowire() throws {
    let container = containerOfParts()
    container.autowire(tag: "function", AssemblyMaker.twice)
    container.autowire(tag: "closure") { (part: FirstPart, other: SecondPart) in Assembly([part.name, part.name, other.name]) }
    #expect(try container.resolve(Assembly.self, tag: "function").names == ["first", "first"])
    #expect(try container.resolve(Assembly.self, tag: "closure").names == ["first", "first", "second"])
  }

  @Test func anInitializerRegisteredUnderAProtocolIsResolvedAsIt() throws {
    let container = containerOfParts()
    container.autowire(type: (any Sendable).self, tag: "named") { (part: FirstPart) in part.name }
    container.autowire(.unique, type: (any Sendable).self, tag: "pair") { (a: FirstPart, b: SecondPart) in [a.name, b.name] }
    #expect(try container.resolve((any Sendable).self, tag: "named") as? String == "first")
    #expect(try container.resolve((any Sendable).self, tag: "pair") as? [String] == ["first", "second"])
  }
}
