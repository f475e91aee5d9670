/// What the presenter asks the view to show: already worded, so the view only lays it out.
///
/// ```swift
/// view.display(.list(title: "Cocktails starting with N", rows: rows, note: nil))
/// ```
public enum ScreenContent: Sendable, Equatable {
  /// A table of cocktails under a title, with an optional note below it.
  case list(title: String, rows: [CocktailRow], note: String?)
  /// One cocktail in full.
  case card(CocktailCard)
  /// A sentence on its own.
  case note(String)
}

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

/// A request that failed: one sentence saying what, and one saying what to do.
///
/// ```swift
/// ScreenFailure(message: "Only a curator may edit favourites.", hint: "Run as a curator.")
/// ```
public struct ScreenFailure: Sendable, Equatable {
  /// What went wrong.
  public let message: String
  /// What to do about it.
  public let hint: String

  /// Creates a failure.
  ///
  /// ```swift
  /// ScreenFailure(message: "No cocktail with id 42.", hint: "Search by name to find ids.")
  /// ```
  public init(message: String, hint: String) {
    self.message = message
    self.hint = hint
  }
}
