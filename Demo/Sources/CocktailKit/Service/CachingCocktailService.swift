/// The caching proxy: answers repeated questions from memory and asks its upstream service only
/// once per question.
///
/// Every cocktail it sees in any answer is also remembered by id, so `cocktail(id:)` after a
/// search costs nothing. Failures are not cached, and `randomCocktail()` always asks upstream
/// (a cached random drink would not be random).
///
/// ```swift
/// let service = CachingCocktailService(upstream: try RemoteCocktailService(baseURL: url))
/// _ = try await service.cocktails(named: "sour")   // one request
/// _ = try await service.cocktails(named: "Sour")   // from the cache
/// await service.statistics                         // 1 hit, 1 miss
/// ```
public actor CachingCocktailService: CocktailService {
  private enum Question: Hashable {
    case named(String)
    case letter(Character)
  }

  private let upstream: any CocktailService
  private var lists: [Question: [Cocktail]] = [:]
  private var summaries: [String: [CocktailSummary]] = [:]
  private var byID: [String: Cocktail] = [:]
  private var missingIDs: Set<String> = []

  /// How many questions were answered from the cache, and how many went upstream.
  ///
  /// ```swift
  /// let statistics = await service.statistics
  /// print("\(statistics.hits) hits, \(statistics.misses) misses")
  /// ```
  public private(set) var statistics = CacheStatistics()

  /// Creates a cache in front of `upstream`.
  ///
  /// ```swift
  /// let service = CachingCocktailService(upstream: remote)
  /// ```
  public init(upstream: any CocktailService) { self.upstream = upstream }

  // MARK: - CocktailService

  public func cocktails(named name: String) async throws(CocktailServiceError) -> [Cocktail] {
    let question = Question.named(name.lowercased())
    if let cached = lists[question] { return hit(cached) }
    let answer = try await miss { () async throws(CocktailServiceError) in try await upstream.cocktails(named: name) }
    remember(answer, for: question)
    return answer
  }

  public func cocktails(startingWith letter: Character) async throws(CocktailServiceError) -> [Cocktail] {
    let question = Question.letter(Character(letter.lowercased()))
    if let cached = lists[question] { return hit(cached) }
    let answer = try await miss { () async throws(CocktailServiceError) in
      try await upstream.cocktails(startingWith: letter)
    }
    remember(answer, for: question)
    return answer
  }

  public func cocktails(withIngredient ingredient: String) async throws(CocktailServiceError) -> [CocktailSummary] {
    let key = ingredient.lowercased()
    if let cached = summaries[key] { return hit(cached) }
    let answer = try await miss { () async throws(CocktailServiceError) in
      try await upstream.cocktails(withIngredient: ingredient)
    }
    summaries[key] = answer
    return answer
  }

  public func cocktail(id: String) async throws(CocktailServiceError) -> Cocktail? {
    if let cached = byID[id] { return hit(cached) }
    if missingIDs.contains(id) { return hit(nil) }
    let answer = try await miss { () async throws(CocktailServiceError) in try await upstream.cocktail(id: id) }
    if let answer { byID[id] = answer } else { missingIDs.insert(id) }
    return answer
  }

  public func randomCocktail() async throws(CocktailServiceError) -> Cocktail {
    let answer = try await miss { () async throws(CocktailServiceError) in try await upstream.randomCocktail() }
    byID[answer.id] = answer
    return answer
  }

  // MARK: - Bookkeeping

  private func hit<Answer>(_ answer: Answer) -> Answer {
    statistics.hits += 1
    return answer
  }

  private func miss<Answer>(_ ask: () async throws(CocktailServiceError) -> Answer) async throws(CocktailServiceError)
    -> Answer
  {
    statistics.misses += 1
    return try await ask()
  }

  private func remember(_ cocktails: [Cocktail], for question: Question) {
    lists[question] = cocktails
    for cocktail in cocktails { byID[cocktail.id] = cocktail }
  }
}
