@testable import CocktailKit
import Testing

struct TerminalLayoutTests {
  @Test func tableColumnsAlignAndEmptyColumnsAreLeftOut() {
    let lines = TerminalCocktailView.table([
      CocktailRow(id: "1", name: "Gimlet", category: "Cocktail"),
      CocktailRow(id: "22", name: "Long Island Iced Tea", category: "Ordinary Drink"),
    ])
    #expect(lines == [
      "ID  NAME                  CATEGORY",
      "1   Gimlet                Cocktail",
      "22  Long Island Iced Tea  Ordinary Drink",
    ])
  }

  @Test func longTextWrapsAtWordsWithinTheWidth() {
    let lines = TerminalCocktailView.wrap("Shake gin and lime cordial with ice and strain into a chilled glass.", width: 20)
    #expect(lines == ["Shake gin and lime", "cordial with ice and", "strain into a", "chilled glass."])
    #expect(lines.allSatisfy { $0.count <= 20 })
  }
}
