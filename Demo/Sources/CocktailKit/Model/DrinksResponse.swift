/// The body of every TheCocktailDB response: `{"drinks": [...]}`, or `{"drinks": null}` when
/// nothing matches.
///
/// ```swift
/// let response = try JSONDecoder().decode(DrinksResponse.self, from: data)
/// let names = response.drinks.map(\.name)   // [] for "drinks": null
/// ```
struct DrinksResponse: Codable, Sendable {
  /// The matches; empty when the API sent `null` (or an empty string, which it does for some
  /// filters).
  var drinks: [DrinkRecord]

  init(drinks: [DrinkRecord]) { self.drinks = drinks }

  private enum CodingKeys: String, CodingKey { case drinks }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decodeNil(forKey: .drinks) {
      drinks = []
    } else if let text = try? container.decode(String.self, forKey: .drinks), text.isEmpty {
      drinks = []
    } else {
      drinks = try container.decode([DrinkRecord].self, forKey: .drinks)
    }
  }

  /// Encodes an empty list as `"drinks": null`, the way the API does.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if drinks.isEmpty {
      try container.encodeNil(forKey: .drinks)
    } else {
      try container.encode(drinks, forKey: .drinks)
    }
  }
}
