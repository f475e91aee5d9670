/// One row of a cocktail table; unknown columns are empty.
///
/// ```swift
/// CocktailRow(id: "90003", name: "Negroni", category: "Ordinary Drink", glass: "Old-fashioned glass")
/// ```
public struct CocktailRow: Sendable, Equatable {
  /// The cocktail's id, to pass to `show`.
  public let id: String
  /// The cocktail's name.
  public let name: String
  /// Its category, or empty.
  public let category: String
  /// Its glass, or empty.
  public let glass: String

  /// Creates a row.
  ///
  /// ```swift
  /// CocktailRow(id: "1", name: "Water")
  /// ```
  public init(id: String, name: String, category: String = "", glass: String = "") {
    self.id = id
    self.name = name
    self.category = category
    self.glass = glass
  }
}
