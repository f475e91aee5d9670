@testable import CocktailKit
import Foundation

enum Fixtures {
  static let negroni = Cocktail(
    id: "11", name: "Negroni", category: "Ordinary Drink", alcoholic: "Alcoholic", glass: "Old-fashioned glass",
    instructions: "Stir with ice.",
    ingredients: [
      Ingredient(name: "Gin", measure: "3 cl"), Ingredient(name: "Campari", measure: "3 cl"),
      Ingredient(name: "Sweet vermouth", measure: "3 cl"),
    ])
  static let mojito = Cocktail(
    id: "12", name: "Mojito", category: "Cocktail", alcoholic: "Alcoholic", glass: "Highball glass",
    instructions: "Press the mint.",
    ingredients: [
      Ingredient(name: "White rum", measure: "4.5 cl"), Ingredient(name: "Lime juice", measure: "2 cl"),
      Ingredient(name: "Mint", measure: "6 leaves"),
    ])
  static let pinaColada = Cocktail(
    id: "13", name: "Piña Colada", category: "Punch / Party Drink", alcoholic: "Alcoholic",
    glass: "Hurricane glass", instructions: "Blend.",
    ingredients: [Ingredient(name: "White rum", measure: "5 cl"), Ingredient(name: "Pineapple juice")])
  static let all = [negroni, mojito, pinaColada]

  /// A favourites file in a fresh temporary folder.
  static func favouritesURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("cocktailkit-\(UUID().uuidString)")
      .appendingPathComponent("favourites.json")
  }
}
