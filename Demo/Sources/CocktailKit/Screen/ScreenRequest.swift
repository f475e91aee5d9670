/// What the user asked the screen for: one per command of the demo.
///
/// ```swift
/// await view.open(.search("sour"))
/// ```
public enum ScreenRequest: Sendable, Equatable {
  /// A few cocktails picked at random, and the first one in full.
  case featured(count: Int)
  /// Cocktails whose name contains the text.
  case search(String)
  /// Cocktails whose name starts with the letter.
  case letter(Character)
  /// Cocktails that list the ingredient; suggestions from the ingredient index when none do.
  case ingredient(String)
  /// Cocktails that can be made with one ingredient matching each term (the ingredient index).
  case pantry([String])
  /// One cocktail in full, by id.
  case show(id: String)
  /// The favourites list.
  case favourites
  /// Adds a cocktail to the favourites (curators only).
  case addFavourite(id: String)
  /// Removes a cocktail from the favourites (curators only).
  case removeFavourite(id: String)
}
