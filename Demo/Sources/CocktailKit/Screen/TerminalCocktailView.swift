/// The screen's view controller, in a terminal: forwards what the user asked for to its
/// presenter, and lays out what the presenter tells it to show as aligned text.
///
/// It holds its presenter strongly; the presenter holds it back only through a `WeakRefProxy`,
/// so dropping the view releases both.
///
/// ```swift
/// let view: TerminalCocktailView = try container.resolve()
/// await view.open(.letter("n"))
/// if !view.failures.isEmpty { exit(1) }
/// ```
public final class TerminalCocktailView: CocktailListView {
  /// The presenter, set by the composition root.
  public var presenter: CocktailListPresenter?
  /// The failures shown so far, so a command can set its exit status.
  public private(set) var failures: [ScreenFailure] = []
  private let terminal: any Terminal
  /// Text wider than this is wrapped.
  private let width = 78

  /// Creates a view that writes to `terminal`.
  ///
  /// ```swift
  /// let view = TerminalCocktailView(terminal: StandardTerminal())
  /// ```
  public init(terminal: any Terminal) { self.terminal = terminal }

  /// Handles what the user asked for, as a view controller handles a tap: by asking the presenter.
  ///
  /// ```swift
  /// await view.open(.search("sour"))
  /// ```
  public func open(_ request: ScreenRequest) async {
    guard let presenter else {
      displayFailure(ScreenFailure(message: "The screen has no presenter.", hint: "Compose it with the container."))
      return
    }
    await presenter.present(request)
  }

  // MARK: - CocktailListView

  public func display(_ content: ScreenContent) {
    switch content {
    case .list(let title, let rows, let note):
      terminal.write(title)
      for line in Self.table(rows) { terminal.write("  " + line) }
      if let note { terminal.write("  (\(note))") }
    case .card(let card):
      terminal.write("")
      terminal.write(card.title)
      if !card.subtitle.isEmpty { terminal.write("  " + card.subtitle) }
      let measureWidth = card.ingredients.map { ($0.measure ?? "").count }.max() ?? 0
      for ingredient in card.ingredients {
        terminal.write("  " + Self.pad(ingredient.measure ?? "", measureWidth) + "  " + ingredient.name)
      }
      for line in Self.wrap(card.instructions, width: width - 2) { terminal.write("  " + line) }
    case .note(let text):
      for line in Self.wrap(text, width: width) { terminal.write(line) }
    }
  }

  public func displayFailure(_ failure: ScreenFailure) {
    failures.append(failure)
    terminal.writeError("error: \(failure.message)")
    terminal.writeError("hint: \(failure.hint)")
  }

  // MARK: - Layout

  /// Columns as wide as their widest cell; empty columns left out.
  static func table(_ rows: [CocktailRow]) -> [String] {
    let header = ["ID", "NAME", "CATEGORY", "GLASS"]
    let cells = rows.map { [$0.id, $0.name, $0.category, $0.glass] }
    let used = header.indices.filter { column in cells.contains { !$0[column].isEmpty } }
    let widths = used.map { column in max(header[column].count, cells.map { $0[column].count }.max() ?? 0) }
    func line(_ row: [String]) -> String {
      zip(used, widths).map { pad(row[$0], $1) }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    return [line(header)] + cells.map(line)
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
