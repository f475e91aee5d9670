@testable import CocktailKit
import Foundation
import Testing

struct CatalogueRoutesTests {
  let routes = CatalogueRoutes(cocktails: Fixtures.all)

  private func names(_ answer: CatalogueRoutes.Answer) throws -> [String] {
    try JSONDecoder().decode(DrinksResponse.self, from: answer.body).drinks.map(\.name)
  }

  @Test(arguments: [
    (["s": "groni"], ["Negroni"]),
    (["s": "PINA"], ["Piña Colada"]),
    (["s": "zzz"], []),
    (["f": "m"], ["Mojito"]),
    (["f": "P"], ["Piña Colada"]),
  ])
  func searchMatchesNamesIgnoringCaseAndAccents(query: [String: String], expected: [String]) throws {
    let answer = routes.respond(to: "search.php", query: query)
    #expect(answer.status == 200)
    #expect(try names(answer) == expected)
  }

  @Test func noMatchIsDrinksNullAsTheRealAPISendsIt() throws {
    let body = String(decoding: routes.respond(to: "search.php", query: ["s": "zzz"]).body, as: UTF8.self)
    #expect(body == #"{"drinks":null}"#)
  }

  @Test func filterByIngredientSendsOnlyIDNameAndThumbnail() throws {
    let answer = routes.respond(to: "filter.php", query: ["i": "white RUM"])
    let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: [[String: Any]]]
    let drinks = try #require(object?["drinks"])
    #expect(drinks.map { $0["strDrink"] as? String } == ["Mojito", "Piña Colada"])
    #expect(drinks.allSatisfy { Set($0.keys) == ["idDrink", "strDrink", "strDrinkThumb"] })
  }

  @Test func lookupFindsByIDAndRandomPicksFromTheCatalogue() throws {
    #expect(try names(routes.respond(to: "lookup.php", query: ["i": "12"])) == ["Mojito"])
    #expect(try names(routes.respond(to: "lookup.php", query: ["i": "99"])) == [])
    let random = try names(routes.respond(to: "random.php", query: [:]))
    #expect(random.count == 1 && Fixtures.all.map(\.name).contains(random[0]))
  }

  @Test func encodedDrinksDecodeBackToTheSameCocktails() throws {
    let answer = routes.respond(to: "search.php", query: ["s": ""])
    let decoded = try JSONDecoder().decode(DrinksResponse.self, from: answer.body).drinks.map(\.cocktail)
    #expect(decoded == Fixtures.all)
  }

  @Test func unknownEndpointIsNotFound() {
    #expect(routes.respond(to: "latest.php", query: [:]).status == 404)
  }

  @Test func bundledCatalogueHasRealCocktailsWithRecipes() throws {
    let cocktails = try BundledCatalogue().cocktails()
    #expect(cocktails.count >= 30)
    #expect(Set(cocktails.map(\.id)).count == cocktails.count)
    for name in ["Margarita", "Negroni", "Old Fashioned", "Piña Colada", "Dark 'n' Stormy", "French 75"] {
      #expect(cocktails.contains { $0.name == name }, "\(name) is missing")
    }
    for cocktail in cocktails {
      #expect(
        !cocktail.ingredients.isEmpty && cocktail.glass != nil && cocktail.instructions != nil, "\(cocktail.name)")
    }
  }
}
