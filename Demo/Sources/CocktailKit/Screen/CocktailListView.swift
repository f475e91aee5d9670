import SurrogateMacros

/// What the presenter needs from its view: show content, show a failure.
///
/// The presenter holds it with a plain strong `let`; the composition root hands it a
/// `WeakRefProxy` of the view controller, so the view ↔ presenter pair is no retain cycle.
/// `@Proxyable` writes the forwarding that makes the one-line conformance below work.
///
/// ```swift
/// container.register(.shared) { r in TerminalCocktailView(terminal: try r.resolve()) }
///   .implements((any CocktailListView).self, through: WeakRefProxy.init)
///   .resolvingProperties { r, view in view.presenter = try r.resolve() }
/// ```
@Proxyable
public protocol CocktailListView: AnyObject {
  /// Shows a list, a cocktail or a note.
  ///
  /// ```swift
  /// view.display(.note("No favourites yet."))
  /// ```
  func display(_ content: ScreenContent)

  /// Shows why a request failed and what to do about it.
  ///
  /// ```swift
  /// view.displayFailure(ScreenFailure(message: "No cocktail with id 42.", hint: "Search by name to find ids."))
  /// ```
  func displayFailure(_ failure: ScreenFailure)
}

extension WeakRefProxy: CocktailListView where T: CocktailListView {}
