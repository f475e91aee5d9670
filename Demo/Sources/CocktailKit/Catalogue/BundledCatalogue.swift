import Foundation

/// The cocktails bundled with the demo (`Resources/cocktails.json`, in TheCocktailDB's own
/// format), which the loopback server serves and the ingredient index is built from.
///
/// ```swift
/// let cocktails = try BundledCatalogue().cocktails()
/// cocktails.count   // 40
/// ```
public struct BundledCatalogue: Sendable {
  /// Where the JSON is read from.
  public let url: URL

  /// The catalogue in this module's resources.
  ///
  /// ```swift
  /// let catalogue = BundledCatalogue()
  /// ```
  public init() {
    // The resource is declared in Package.swift, so its absence is a broken build, not a user error.
    url = Bundle.module.url(forResource: "cocktails", withExtension: "json")!
  }

  /// A catalogue read from another file in the same format.
  ///
  /// ```swift
  /// let catalogue = BundledCatalogue(url: URL(fileURLWithPath: "drinks.json"))
  /// ```
  public init(url: URL) { self.url = url }

  /// Reads and decodes every cocktail.
  ///
  /// ```swift
  /// let names = try catalogue.cocktails().map(\.name)
  /// ```
  ///
  /// - Throws: When the file cannot be read or is not `{"drinks": [...]}` JSON.
  public func cocktails() throws -> [Cocktail] {
    try JSONDecoder().decode(DrinksResponse.self, from: Data(contentsOf: url)).drinks.map(\.cocktail)
  }
}
