@testable import CocktailKit
import Surrogate
import Synchronization
import Testing

private final class BuildCounter: Sendable {
  let count = Atomic<Int>(0)
}

struct FullTextIngredientIndexTests {
  let index = FullTextIngredientIndex(cocktails: Fixtures.all)

  @Test(arguments: [
    ("lime", ["Lime juice"]), ("JUI", ["Lime juice", "Pineapple juice"]), ("rum white", ["White rum"]),
    ("vodka", []), ("", []),
  ])
  func ingredientsMatchEveryWordByPrefix(text: String, expected: [String]) throws {
    #expect(try index.ingredients(matching: text) == expected)
  }

  @Test func pantryFindsCocktailsUsingSomethingMatchingEachTerm() throws {
    #expect(try index.cocktails(using: ["rum"]).map(\.name) == ["Mojito", "Piña Colada"])
    #expect(try index.cocktails(using: ["rum", "mint"]).map(\.name) == ["Mojito"])
    #expect(try index.cocktails(using: ["gin", "mint"]).isEmpty)
  }

  @Test func behindALazyProxyItIsBuiltOnFirstUseOnly() throws {
    let builds = BuildCounter()
    let proxy = LazyProxy { () -> FullTextIngredientIndex in
      builds.count.add(1, ordering: .relaxed)
      return FullTextIngredientIndex(cocktails: Fixtures.all)
    }
    let lazyIndex: any IngredientIndex = proxy
    #expect(!proxy.isCreated)
    #expect(try lazyIndex.ingredients(matching: "mint") == ["Mint"])
    #expect(try lazyIndex.cocktails(using: ["gin"]).map(\.name) == ["Negroni"])
    #expect(proxy.isCreated)
    #expect(builds.count.load(ordering: .relaxed) == 1)
  }

  @Test func aLazyIndexThatCannotBeBuiltThrowsCreationFailed() {
    struct Unreadable: Error {}
    let lazyIndex: any IngredientIndex = LazyProxy { () throws -> FullTextIngredientIndex in throw Unreadable() }
    let error = #expect(throws: ProxyError.self) { try lazyIndex.ingredients(matching: "gin") }
    #expect(error?.code == .creationFailed)
    #expect(error?.cause is Unreadable)
  }
}
