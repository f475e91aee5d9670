import Foundation

/// An in-memory ``IngredientIndex``: every word of every ingredient name, mapped to the
/// ingredients and cocktails that use it.
///
/// ```swift
/// let index = FullTextIngredientIndex(cocktails: try BundledCatalogue().cocktails())
/// try index.cocktails(using: ["mint", "rum"])   // Mojito
/// ```
public final class FullTextIngredientIndex: IngredientIndex {
  /// Each ingredient name, with its words folded for matching.
  private let words: [(ingredient: String, words: [String])]
  /// The cocktails using each ingredient name.
  private let cocktailsByIngredient: [String: [CocktailSummary]]

  /// Indexes `cocktails`.
  ///
  /// ```swift
  /// let index = FullTextIngredientIndex(cocktails: [margarita, mojito])
  /// ```
  public init(cocktails: [Cocktail]) {
    var byIngredient: [String: [CocktailSummary]] = [:]
    for cocktail in cocktails {
      for ingredient in Set(cocktail.ingredients.map(\.name)) {
        byIngredient[ingredient, default: []].append(cocktail.summary)
      }
    }
    cocktailsByIngredient = byIngredient
    words = byIngredient.keys.sorted().map { ($0, Self.fold($0)) }
  }

  public func ingredients(matching text: String) throws -> [String] {
    let terms = Self.fold(text)
    guard !terms.isEmpty else { return [] }
    return words.filter { entry in terms.allSatisfy { term in entry.words.contains { $0.hasPrefix(term) } } }
      .map(\.ingredient)
  }

  public func cocktails(using terms: [String]) throws -> [CocktailSummary] {
    var result: Set<CocktailSummary>?
    for term in terms where !Self.fold(term).isEmpty {
      let matching = Set(try ingredients(matching: term).flatMap { cocktailsByIngredient[$0] ?? [] })
      result = result.map { $0.intersection(matching) } ?? matching
    }
    return (result ?? []).sorted { ($0.name, $0.id) < ($1.name, $1.id) }
  }

  /// Lowercased, accent-free words: "Piña" and "pina" match.
  static func fold(_ text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .split { !$0.isLetter && !$0.isNumber }
      .map(String.init)
  }
}
