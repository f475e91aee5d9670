/// Text made safe to print on a terminal: control characters, which a terminal obeys rather than
/// shows (`ESC [2J` clears the screen, `ESC ]0;…` retitles the window), are written visibly as
/// Swift escapes.
///
/// Every C0 and C1 control character and DEL becomes `\u{1B}`-style text, as do the Unicode
/// bidirectional overrides and isolates, which reorder what the reader sees; everything else is
/// printed as it is.
///
/// ```swift
/// TerminalText.visible("Evil\u{1b}[2J")   // #"Evil\u{1B}[2J"#
/// ```
public enum TerminalText {
  /// `line` with every character a terminal would obey replaced by its visible escape.
  ///
  /// ```swift
  /// print(TerminalText.visible(drinkName))
  /// ```
  ///
  /// - Parameter line: One line of text from anywhere: a server, the command line, a file.
  /// - Returns: The line, safe to print.
  public static func visible(_ line: String) -> String {
    guard line.unicodeScalars.contains(where: isObeyed) else { return line }
    var result = ""
    result.unicodeScalars.reserveCapacity(line.unicodeScalars.count)
    for scalar in line.unicodeScalars {
      if isObeyed(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isObeyed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
