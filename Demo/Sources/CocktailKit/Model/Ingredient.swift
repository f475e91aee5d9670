/// One line of a recipe: an ingredient and, when the recipe gives one, how much of it.
///
/// ```swift
/// let lime = Ingredient(name: "Lime juice", measure: "1.5 cl")
/// ```
public struct Ingredient: Sendable, Hashable {
  /// The ingredient, as the catalogue spells it: `Lime juice`.
  public let name: String
  /// How much: `1.5 cl`, `to top`; `nil` when the recipe leaves it open.
  public let measure: String?

  /// Creates a recipe line.
  ///
  /// ```swift
  /// Ingredient(name: "Mint", measure: "6 leaves")
  /// ```
  public init(name: String, measure: String? = nil) {
    self.name = name
    self.measure = measure
  }
}
