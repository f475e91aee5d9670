import Foundation

/// One element of TheCocktailDB's `drinks` array, field for field: the wire format the remote
/// proxy decodes and the loopback server encodes.
///
/// Every field but `idDrink` and `strDrink` may be missing or `null`; `filter.php` sends only
/// `idDrink`, `strDrink` and `strDrinkThumb`. Ingredients come as fifteen numbered pairs
/// (`strIngredient1`/`strMeasure1` …), with unused slots `null` or blank.
///
/// ```swift
/// let record = try JSONDecoder().decode(DrinkRecord.self, from: #"{"idDrink":"1","strDrink":"Water"}"#.data(using: .utf8)!)
/// record.cocktail.name // "Water"
/// ```
struct DrinkRecord: Codable, Sendable, Equatable {
  /// The API numbers its ingredient slots 1 through 15.
  static let ingredientSlots = 1...15

  var id: String
  var name: String
  var category: String?
  var alcoholic: String?
  var glass: String?
  var instructions: String?
  var thumbnail: String?
  /// `(ingredient, measure)` per used slot, in slot order.
  var ingredients: [(name: String, measure: String?)]

  init(_ cocktail: Cocktail) {
    id = cocktail.id
    name = cocktail.name
    category = cocktail.category
    alcoholic = cocktail.alcoholic
    glass = cocktail.glass
    instructions = cocktail.instructions
    thumbnail = nil
    ingredients = cocktail.ingredients.map { ($0.name, $0.measure) }
  }

  /// The record as the app's model.
  var cocktail: Cocktail {
    Cocktail(
      id: id, name: name, category: category, alcoholic: alcoholic, glass: glass, instructions: instructions,
      ingredients: ingredients.map { Ingredient(name: $0.name, measure: $0.measure) })
  }

  /// The record as `filter.php` lists it.
  var summary: CocktailSummary { CocktailSummary(id: id, name: name) }

  static func == (lhs: DrinkRecord, rhs: DrinkRecord) -> Bool {
    lhs.cocktail == rhs.cocktail && lhs.thumbnail == rhs.thumbnail
  }

  // MARK: - Coding

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    func text(_ name: String) throws -> String? {
      let value = try container.decodeIfPresent(String.self, forKey: Key(name))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return value?.isEmpty == false ? value : nil
    }
    guard let id = try text("idDrink") else {
      throw DecodingError.keyNotFound(
        Key("idDrink"), .init(codingPath: container.codingPath, debugDescription: "a drink without idDrink"))
    }
    guard let name = try text("strDrink") else {
      throw DecodingError.keyNotFound(
        Key("strDrink"), .init(codingPath: container.codingPath, debugDescription: "a drink without strDrink"))
    }
    self.id = id
    self.name = name
    category = try text("strCategory")
    alcoholic = try text("strAlcoholic")
    glass = try text("strGlass")
    instructions = try text("strInstructions")
    thumbnail = try text("strDrinkThumb")
    ingredients = try Self.ingredientSlots.compactMap { slot in
      guard let ingredient = try text("strIngredient\(slot)") else { return nil }
      return (ingredient, try text("strMeasure\(slot)"))
    }
  }

  /// Encodes like the API: every field present, unused ones `null`, all fifteen slots.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(id, forKey: Key("idDrink"))
    try container.encode(name, forKey: Key("strDrink"))
    try container.encode(category, forKey: Key("strCategory"))
    try container.encode(alcoholic, forKey: Key("strAlcoholic"))
    try container.encode(glass, forKey: Key("strGlass"))
    try container.encode(instructions, forKey: Key("strInstructions"))
    try container.encode(thumbnail, forKey: Key("strDrinkThumb"))
    for slot in Self.ingredientSlots {
      let line = slot <= ingredients.count ? ingredients[slot - 1] : nil
      try container.encode(line?.name, forKey: Key("strIngredient\(slot)"))
      try container.encode(line?.measure, forKey: Key("strMeasure\(slot)"))
    }
  }
}
