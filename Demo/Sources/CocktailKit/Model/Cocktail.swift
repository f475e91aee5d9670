/// A cocktail with everything needed to make it: what `search.php`, `lookup.php` and `random.php`
/// return.
///
/// ```swift
/// let margarita = Cocktail(
///   id: "90001", name: "Margarita", category: "Ordinary Drink", alcoholic: "Alcoholic",
///   glass: "Cocktail glass", instructions: "Shake with ice and strain.",
///   ingredients: [Ingredient(name: "Tequila", measure: "5 cl")])
/// ```
public struct Cocktail: Sendable, Hashable, Identifiable {
  /// The catalogue's identifier (`idDrink`).
  public let id: String
  /// The drink's name (`strDrink`).
  public let name: String
  /// `Cocktail`, `Ordinary Drink`, `Coffee / Tea`… (`strCategory`).
  public let category: String?
  /// `Alcoholic`, `Non alcoholic` or `Optional alcohol` (`strAlcoholic`).
  public let alcoholic: String?
  /// The glass to serve it in (`strGlass`).
  public let glass: String?
  /// How to make it (`strInstructions`).
  public let instructions: String?
  /// What goes in, in order (`strIngredient1…15` with `strMeasure1…15`).
  public let ingredients: [Ingredient]

  /// Creates a cocktail.
  ///
  /// ```swift
  /// let water = Cocktail(id: "1", name: "Water", ingredients: [Ingredient(name: "Water")])
  /// ```
  public init(
    id: String, name: String, category: String? = nil, alcoholic: String? = nil, glass: String? = nil,
    instructions: String? = nil, ingredients: [Ingredient] = []
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.alcoholic = alcoholic
    self.glass = glass
    self.instructions = instructions
    self.ingredients = ingredients
  }

  /// The id and name alone, as `filter.php` lists it.
  ///
  /// ```swift
  /// margarita.summary // CocktailSummary(id: "90001", name: "Margarita")
  /// ```
  public var summary: CocktailSummary { CocktailSummary(id: id, name: name) }
}
