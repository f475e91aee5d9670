import SurrogateMacros

/// Finds ingredients by any word of their name, and cocktails by what is in the cupboard.
///
/// Building the index reads and tokenises the whole catalogue, so the composition root hands it
/// out behind the library's `LazyProxy`: it is built on the first search, once, and never by a
/// command that does not search.
///
/// ```swift
/// let index: any IngredientIndex = LazyProxy { try FullTextIngredientIndex(cocktails: catalogue.cocktails()) }
/// try index.ingredients(matching: "lime")   // builds it now: ["Lime", "Lime cordial", "Lime juice"]
/// ```
@Proxyable
public protocol IngredientIndex: AnyObject, Sendable {
  /// The ingredient names with a word starting with each word of `text`, case- and
  /// accent-insensitively, sorted.
  ///
  /// ```swift
  /// try index.ingredients(matching: "ver")   // ["Dry vermouth", "Sweet vermouth"]
  /// ```
  ///
  /// - Throws: `ProxyError` when a lazily built index cannot be built.
  func ingredients(matching text: String) throws -> [String]

  /// The cocktails that use, for each of `terms`, an ingredient matching it; sorted by name.
  ///
  /// ```swift
  /// try index.cocktails(using: ["gin", "campari"])   // Negroni
  /// ```
  ///
  /// - Throws: `ProxyError` when a lazily built index cannot be built.
  func cocktails(using terms: [String]) throws -> [CocktailSummary]
}

extension LazyProxy: IngredientIndex where Subject: IngredientIndex {}
