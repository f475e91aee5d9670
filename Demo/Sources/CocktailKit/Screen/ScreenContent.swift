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
