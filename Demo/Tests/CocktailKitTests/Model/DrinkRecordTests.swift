@testable import CocktailKit
import Foundation
import Testing

struct DrinkRecordTests {
  private func decode(_ json: String) throws -> [Cocktail] {
    try JSONDecoder().decode(DrinksResponse.self, from: Data(json.utf8)).drinks.map(\.cocktail)
  }

  @Test func ingredientsStopAtNoSlotAndSkipBlankOnes() throws {
    let cocktails = try decode(
      """
      {"drinks":[{"idDrink":"1","strDrink":" Water ","strIngredient1":"Water","strMeasure1":"\\n",
      "strIngredient2":" ","strIngredient3":null,"strIngredient15":"Ice","strMeasure15":"2 cubes"}]}
      """)
    #expect(cocktails == [
      Cocktail(id: "1", name: "Water", ingredients: [Ingredient(name: "Water"), Ingredient(name: "Ice", measure: "2 cubes")])
    ])
  }

  @Test(arguments: [#"{"drinks":null}"#, #"{"drinks":""}"#, #"{"drinks":[]}"#])
  func noDrinksInAnyOfTheAPIsSpellingsIsAnEmptyList(json: String) throws {
    #expect(try decode(json).isEmpty)
  }

  @Test func aDrinkWithoutANameIsRejected() {
    #expect(throws: DecodingError.self) { try decode(#"{"drinks":[{"idDrink":"1"}]}"#) }
  }

  @Test func encodingWritesAllFifteenSlotsLikeTheAPI() throws {
    let data = try JSONEncoder().encode(DrinkRecord(Fixtures.negroni))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object.keys.filter { $0.hasPrefix("strIngredient") }.count == 15)
    #expect(object["strIngredient2"] as? String == "Campari")
    #expect(object["strIngredient4"] is NSNull)
  }
}
