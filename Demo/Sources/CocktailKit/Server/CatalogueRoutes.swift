import Foundation

/// TheCocktailDB's read-only routes over a list of cocktails, independent of any socket:
/// `search.php?s=`, `search.php?f=`, `filter.php?i=`, `lookup.php?i=` and `random.php`.
///
/// Matching is case- and accent-insensitive: `s` matches anywhere in the name, `f` the first
/// letter, `i` (filter) a whole ingredient name, `i` (lookup) an id. Nothing matching is
/// `{"drinks": null}`, as the real API answers; an unknown endpoint is a 404.
///
/// ```swift
/// let routes = CatalogueRoutes(cocktails: try BundledCatalogue().cocktails())
/// let answer = routes.respond(to: "search.php", query: ["s": "negroni"])
/// answer.status   // 200
/// ```
public struct CatalogueRoutes: Sendable {
  /// One answer: an HTTP status and a JSON body.
  ///
  /// ```swift
  /// let answer = routes.respond(to: "random.php", query: [:])
  /// ```
  public struct Answer: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The JSON body.
    public let body: Data
  }

  /// The catalogue served.
  public let cocktails: [Cocktail]

  /// Serves `cocktails`.
  ///
  /// ```swift
  /// let routes = CatalogueRoutes(cocktails: [margarita])
  /// ```
  public init(cocktails: [Cocktail]) { self.cocktails = cocktails }

  /// Answers one request to `endpoint` (the last path component, e.g. `search.php`).
  ///
  /// ```swift
  /// routes.respond(to: "lookup.php", query: ["i": "90003"])
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: The file name the API uses for the route.
  ///   - query: The decoded query parameters.
  /// - Returns: The status and body to send.
  public func respond(to endpoint: String, query: [String: String]) -> Answer {
    switch endpoint {
    case "search.php":
      if let name = query["s"] {
        let folded = Self.fold(name)
        return drinks(cocktails.filter { folded.isEmpty || Self.fold($0.name).contains(folded) })
      }
      if let letter = query["f"].map(Self.fold), letter.count == 1 {
        return drinks(cocktails.filter { Self.fold($0.name).hasPrefix(letter) })
      }
      return drinks([])
    case "filter.php":
      guard let ingredient = query["i"].map(Self.fold), !ingredient.isEmpty else { return drinks([]) }
      return summaries(cocktails.filter { $0.ingredients.contains { Self.fold($0.name) == ingredient } })
    case "lookup.php":
      return drinks(cocktails.filter { $0.id == query["i"] })
    case "random.php":
      return drinks(cocktails.randomElement().map { [$0] } ?? [])
    default:
      return Answer(status: 404, body: Data(#"{"error":"no such endpoint"}"#.utf8))
    }
  }

  private func drinks(_ matches: [Cocktail]) -> Answer {
    encode(DrinksResponse(drinks: matches.map(DrinkRecord.init)))
  }

  /// `filter.php` sends only these three fields per drink.
  private func summaries(_ matches: [Cocktail]) -> Answer {
    struct Summary: Encodable {
      let idDrink: String
      let strDrink: String
      let strDrinkThumb: String?
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idDrink, forKey: .idDrink)
        try container.encode(strDrink, forKey: .strDrink)
        try container.encode(strDrinkThumb, forKey: .strDrinkThumb)
      }
      enum CodingKeys: String, CodingKey { case idDrink, strDrink, strDrinkThumb }
    }
    struct Summaries: Encodable {
      let drinks: [Summary]?
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drinks, forKey: .drinks)
      }
      enum CodingKeys: String, CodingKey { case drinks }
    }
    let list = matches.map { Summary(idDrink: $0.id, strDrink: $0.name, strDrinkThumb: nil) }
    return encode(Summaries(drinks: list.isEmpty ? nil : list))
  }

  private func encode(_ value: some Encodable) -> Answer {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding these plain structs of strings cannot fail.
    return Answer(status: 200, body: try! encoder.encode(value))
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .trimmingCharacters(in: .whitespaces)
  }
}
