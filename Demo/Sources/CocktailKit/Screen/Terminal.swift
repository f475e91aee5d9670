import Foundation

/// Where the terminal view writes: standard output and standard error, or a recording in tests.
///
/// ```swift
/// let view = TerminalCocktailView(terminal: StandardTerminal())
/// ```
public protocol Terminal: Sendable {
  /// Writes one line of output.
  ///
  /// ```swift
  /// terminal.write("Negroni")
  /// ```
  func write(_ line: String)

  /// Writes one line about a failure.
  ///
  /// ```swift
  /// terminal.writeError("error: no cocktail with id 42")
  /// ```
  func writeError(_ line: String)
}

/// The process's standard output and standard error, with control characters escaped
/// (``TerminalText/visible(_:)``): what a server or a user sent is shown, never obeyed.
///
/// ```swift
/// StandardTerminal().write("hello")
/// ```
public struct StandardTerminal: Terminal {
  /// Creates the terminal.
  ///
  /// ```swift
  /// let terminal = StandardTerminal()
  /// ```
  public init() {}

  public func write(_ line: String) { print(TerminalText.visible(line)) }

  public func writeError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.visible(line) + "\n").utf8))
  }
}
