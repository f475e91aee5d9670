/// One cocktail, worded for display.
///
/// ```swift
/// let card = CocktailCard(negroni)
/// card.subtitle   // "Ordinary Drink · Alcoholic · Old-fashioned glass"
/// ```
public struct CocktailCard: Sendable, Equatable {
  /// `Negroni (#90003)`.
  public let title: String
  /// Category, alcohol and glass, joined.
  public let subtitle: String
  /// `(measure, ingredient)` lines.
  public let ingredients: [Ingredient]
  /// How to make it.
  public let instructions: String

  /// Words a cocktail for display.
  ///
  /// ```swift
  /// view.display(.card(CocktailCard(cocktail)))
  /// ```
  public init(_ cocktail: Cocktail) {
    title = "\(cocktail.name) (#\(cocktail.id))"
    subtitle = [cocktail.category, cocktail.alcoholic, cocktail.glass].compactMap { $0 }.joined(separator: " · ")
    ingredients = cocktail.ingredients
    instructions = cocktail.instructions ?? ""
  }
}
