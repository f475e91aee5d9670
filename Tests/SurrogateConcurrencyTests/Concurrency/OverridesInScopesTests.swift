import SuiteSupport
import Surrogate
import Testing

private protocol Price: Sendable { var value: Int { get } }
private struct RealPrice: Price { var value: Int { 10 } }
private struct StubPrice: Price { var value: Int { 1 } }

private final class Checkout: Sendable {
  let price: any Price
  init(price: any Price) { self.price = price }
}

/// Inside `withOverrides`, every lookup that falls through to the overridden container, from a
/// scope of it or from any container below it, finds the overrides first.
struct OverridesInScopesTests {
  private func app() -> Container {
    let app = Container()
    app.register(type: (any Price).self) { RealPrice() }
    app.register { r in Checkout(price: try r.resolve()) }
    return app
  }

  private func stub(_ overrides: Container) {
    overrides.register(type: (any Price).self) { StubPrice() }
  }

  @Test func aScopeOpenedInsideOverridesResolvesTheOverride() async throws {
    let app = app()
    let (direct, inScope) = try await app.withOverrides(stub) {
      let direct = try await app.resolve((any Price).self).value
      let inScope = try await app.withScope { scope in try await scope.resolve((any Price).self).value }
      return (direct, inScope)
    }
    #expect(direct == 1)
    #expect(inScope == 1)
    #expect(try await app.withScope { scope in try await scope.resolve((any Price).self).value } == 10)
  }

  @Test func aSynchronousScopeOpenedInsideOverridesResolvesTheOverride() throws {
    let app = app()
    let value = try app.withOverrides(stub) {
      try app.withScope { scope in try scope.resolve(Checkout.self).price.value }
    }
    #expect(value == 1)
  }

  @Test func aParentsDefinitionResolvedInAScopeGetsTheOverriddenDependency() async throws {
    let app = app()
    let value = try await app.withOverrides(stub) {
      try await app.withScope { scope in try await scope.resolve(Checkout.self).price.value }
    }
    #expect(value == 1)
  }

  @Test func aChildContainerMadeBeforeTheOverrideResolvesTheParentsOverride() async throws {
    let app = Container()
    app.register(type: (any Price).self) { RealPrice() }
    let child = Container(parent: app)
    child.register { r in Checkout(price: try r.resolve()) }
    let (price, checkout) = try await app.withOverrides(stub) {
      (try await child.resolve((any Price).self).value, try await child.resolve(Checkout.self).price.value)
    }
    #expect(price == 1)
    #expect(checkout == 1)
    #expect(try await child.resolve(Checkout.self).price.value == 10)
  }

  @Test func aChildContainerResolvesItsParentsOverrideSynchronously() throws {
    let app = app()
    let child = Container(parent: app)
    let values = try app.withOverrides(stub) {
      (try child.resolve((any Price).self).value, try child.resolve(Checkout.self).price.value)
    }
    #expect(values == (1, 1))
  }

  @Test func anOverrideOfTheRootReachesAScopeOfAGrandchild() async throws {
    let app = app()
    let feature = Container(parent: app)
    let value = try await app.withOverrides(stub) {
      try await feature.withScope { scope in try await scope.resolve(Checkout.self).price.value }
    }
    #expect(value == 1)
  }

  @Test func aTaggedRequestFromAScopeFindsTheOverridesTaggedDefinition() throws {
    let app = app()
    app.register(type: (any Price).self, tag: "sale") { RealPrice() }
    let value = try app.withOverrides({ $0.register(type: (any Price).self, tag: "sale") { StubPrice() } }) {
      try app.withScope { scope in try scope.resolve((any Price).self, tag: "sale").value }
    }
    #expect(value == 1)
  }

  @Test func whatAScopeRegistersItselfStillWinsOverAnOverrideOfItsParent() async throws {
    let app = app()
    let value = try await app.withOverrides(stub) {
      try await app.withScope { scope in
        scope.register(type: (any Price).self) { RealPrice() }
        return try await scope.resolve(Checkout.self).price.value
      }
    }
    #expect(value == 10)
  }

  @Test func nestedOverridesBothReachAScope() throws {
    let app = app()
    app.register(tag: "label") { "live" }
    let (price, label) = try app.withOverrides(stub) {
      try app.withOverrides({ $0.register(tag: "label") { "inner" } }) {
        try app.withScope { scope in
          (try scope.resolve((any Price).self).value, try scope.resolve(String.self, tag: "label"))
        }
      }
    }
    #expect(price == 1)
    #expect(label == "inner")
  }

  @Test func anOverridesContributionsReachAListResolvedInAScope() throws {
    let app = Container()
    app.register(into: [String].self) { "live" }
    let inScope = try app.withOverrides({ $0.register(into: [String].self) { "extra" } }) {
      try app.withScope { scope in try scope.resolve([String].self) }
    }
    #expect(inScope == ["live", "extra"])
  }

  @Test func aCollaboratorsOverrideAnswersARequestFromAScope() async throws {
    let app = Container()
    app.register { r in Checkout(price: try r.resolve()) }
    let pricing = Container()
    pricing.register(type: (any Price).self) { RealPrice() }
    app.collaborate(with: pricing)
    let value = try await pricing.withOverrides(stub) {
      try await app.withScope { scope in try await scope.resolve(Checkout.self).price.value }
    }
    #expect(value == 1)
    #expect(try await app.resolve(Checkout.self).price.value == 10)
  }

  @Test func anOverrideWinsOverACollaboratorThatProvidesTheType() async throws {
    let app = Container()
    app.register { r in Checkout(price: try r.resolve()) }
    let pricing = Container()
    pricing.register(type: (any Price).self) { RealPrice() }
    app.collaborate(with: pricing)
    let values = try await app.withOverrides(stub) {
      (
        try await app.resolve(Checkout.self).price.value,
        try await app.withScope { scope in try await scope.resolve(Checkout.self).price.value }
      )
    }
    #expect(values == (1, 1))
  }

  @Test func aScopeAutoWiresWithWhatOnlyTheOverrideRegisters() throws {
    let app = Container()
    app.register { (_, price: any Price) in Checkout(price: price) }
    let value = try app.withOverrides(stub) {
      try app.withScope { scope in try scope.resolve(Checkout.self).price.value }
    }
    #expect(value == 1)
    #expect(throws: ResolutionError.self) { try app.withScope { scope in try scope.resolve(Checkout.self) } }
  }

  @Test func parallelTasksWithDifferentOverridesSeeOnlyTheirOwnInTheirScopes() async throws {
    let app = app()
    let bothInside = AsyncLatch()
    let arrived = Counter()
    let seen = try await withThrowingTaskGroup(of: (Int, [Int]).self) { group in
      for value in [1, 2] {
        group.addTask {
          try await app.withOverrides({ $0.register(type: (any Price).self) { FixedPrice(value: value) } }) {
            if arrived.increment() == 2 { bothInside.open() }
            await bothInside.wait()
            var values: [Int] = []
            for _ in 0..<50 {
              values.append(try await app.withScope { scope in try await scope.resolve(Checkout.self).price.value })
              await Task.yield()
            }
            return (value, values)
          }
        }
      }
      return try await group.reduce(into: [(Int, [Int])]()) { $0.append($1) }
    }
    #expect(seen.count == 2)
    for (value, values) in seen {
      #expect(Set(values) == [value], "the task overriding with \(value) saw \(Set(values))")
    }
  }
}

private struct FixedPrice: Price {
  let value: Int
}
