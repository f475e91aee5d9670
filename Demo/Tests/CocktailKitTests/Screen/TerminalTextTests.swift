@testable import CocktailKit
import Testing

struct TerminalTextTests {
  @Test(arguments: [
    ("Evil\u{1b}[2J Negroni", #"Evil\u{1B}[2J Negroni"#),
    (
      "bell\u{07}, tab\t, return\r, newline\n, delete\u{7F}",
      #"bell\u{07}, tab\u{09}, return\u{0D}, newline\u{0A}, delete\u{7F}"#
    ),
    ("C1 \u{9B}2J", #"C1 \u{9B}2J"#),
    ("right-to-left \u{202E}txt.exe", #"right-to-left \u{202E}txt.exe"#),
  ])
  func controlCharactersArePrintedAsVisibleEscapes(line: String, printed: String) {
    #expect(TerminalText.visible(line) == printed)
  }

  @Test func ordinaryTextIsPrintedAsItIs() {
    let text = "Piña Colada — 4.5 cl, 🍹, \\u{1B} typed by hand"
    #expect(TerminalText.visible(text) == text)
  }
}
