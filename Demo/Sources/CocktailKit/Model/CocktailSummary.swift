/// A cocktail's id and name: all that `filter.php?i=` returns for each match.
///
/// ```swift
/// let summaries = try await service.cocktails(withIngredient: "Gin")
/// let first = try await service.cocktail(id: summaries[0].id)
/// ```
public struct CocktailSummary: Sendable, Hashable, Identifiable {
  /// The catalogue's identifier (`idDrink`).
  public let id: String
  /// The drink's name (`strDrink`).
  public let name: String

  /// Creates a summary.
  ///
  /// ```swift
  /// CocktailSummary(id: "90003", name: "Negroni")
  /// ```
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
