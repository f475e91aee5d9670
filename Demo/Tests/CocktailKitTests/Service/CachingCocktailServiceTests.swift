@testable import CocktailKit
import Testing

/// An upstream that counts its calls and can be told to fail.
private actor CountingService: CocktailService {
  private(set) var calls: [String] = []
  var failing = false

  func fail(_ on: Bool) { failing = on }

  private func record(_ call: String) throws(CocktailServiceError) {
    calls.append(call)
    if failing { throw CocktailServiceError(.unreachable, message: "down", remedy: "wait") }
  }

  func cocktails(named name: String) async throws(CocktailServiceError) -> [Cocktail] {
    try record("named \(name)")
    return Fixtures.all.filter { $0.name.lowercased().contains(name.lowercased()) }
  }
  func cocktails(startingWith letter: Character) async throws(CocktailServiceError) -> [Cocktail] {
    try record("letter \(letter)")
    return Fixtures.all.filter { $0.name.lowercased().hasPrefix(letter.lowercased()) }
  }
  func cocktails(withIngredient ingredient: String) async throws(CocktailServiceError) -> [CocktailSummary] {
    try record("ingredient \(ingredient)")
    return [Fixtures.negroni.summary]
  }
  func cocktail(id: String) async throws(CocktailServiceError) -> Cocktail? {
    try record("id \(id)")
    return Fixtures.all.first { $0.id == id }
  }
  func randomCocktail() async throws(CocktailServiceError) -> Cocktail {
    try record("random")
    return Fixtures.mojito
  }
}

struct CachingCocktailServiceTests {
  @Test func repeatedQuestionsAskUpstreamOnceWhateverTheirCase() async throws {
    let upstream = CountingService()
    let cache = CachingCocktailService(upstream: upstream)
    let first = try await cache.cocktails(named: "Negroni")
    let second = try await cache.cocktails(named: "negroni")
    _ = try await cache.cocktails(startingWith: "M")
    _ = try await cache.cocktails(startingWith: "m")
    _ = try await cache.cocktails(withIngredient: "Gin")
    _ = try await cache.cocktails(withIngredient: "gin")
    #expect(first == second)
    #expect(await upstream.calls == ["named Negroni", "letter M", "ingredient Gin"])
    #expect(await cache.statistics == CacheStatistics(hits: 3, misses: 3))
  }

  @Test func cocktailsSeenInAnyAnswerAreKnownByID() async throws {
    let upstream = CountingService()
    let cache = CachingCocktailService(upstream: upstream)
    _ = try await cache.cocktails(named: "mojito")
    let random = try await cache.randomCocktail()
    #expect(try await cache.cocktail(id: Fixtures.mojito.id) == Fixtures.mojito)
    #expect(try await cache.cocktail(id: random.id) == random)
    #expect(await upstream.calls == ["named mojito", "random"])
  }

  @Test func anUnknownIDIsRememberedAsUnknown() async throws {
    let upstream = CountingService()
    let cache = CachingCocktailService(upstream: upstream)
    #expect(try await cache.cocktail(id: "404") == nil)
    #expect(try await cache.cocktail(id: "404") == nil)
    #expect(await upstream.calls == ["id 404"])
  }

  @Test func randomIsNeverAnsweredFromTheCache() async throws {
    let upstream = CountingService()
    let cache = CachingCocktailService(upstream: upstream)
    _ = try await cache.randomCocktail()
    _ = try await cache.randomCocktail()
    #expect(await upstream.calls == ["random", "random"])
  }

  @Test func failuresAreNotCached() async throws {
    let upstream = CountingService()
    let cache = CachingCocktailService(upstream: upstream)
    await upstream.fail(true)
    let error = await #expect(throws: CocktailServiceError.self) { try await cache.cocktails(named: "gin") }
    #expect(error?.code == .unreachable)
    await upstream.fail(false)
    _ = try await cache.cocktails(named: "gin")
    #expect(await upstream.calls == ["named gin", "named gin"])
  }
}
