import Foundation

/// Everything the composition root needs from the outside: where the catalogue is, who is
/// calling, where favourites are kept and where the screen writes.
///
/// ```swift
/// let settings = DemoSettings(
///   baseURL: server.baseURL, caller: Caller(role: .guest),
///   favouritesURL: URL(fileURLWithPath: "/tmp/favourites.json"), terminal: StandardTerminal())
/// ```
public struct DemoSettings: Sendable {
  /// The TheCocktailDB-compatible API the remote proxy calls.
  public var baseURL: URL
  /// How long each request may take, in seconds.
  public var timeout: TimeInterval
  /// Who is using the screen; decides what the favourites protection proxy lets through.
  public var caller: Caller
  /// The favourites list's file.
  public var favouritesURL: URL
  /// Where the screen writes.
  public var terminal: any Terminal
  /// The catalogue the ingredient index is built from.
  public var catalogue: BundledCatalogue

  /// Creates settings.
  ///
  /// ```swift
  /// var settings = DemoSettings(baseURL: url, caller: Caller(role: .curator), favouritesURL: file, terminal: StandardTerminal())
  /// settings.timeout = 0.3
  /// ```
  public init(
    baseURL: URL, timeout: TimeInterval = 10, caller: Caller, favouritesURL: URL, terminal: any Terminal,
    catalogue: BundledCatalogue = BundledCatalogue()
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.caller = caller
    self.favouritesURL = favouritesURL
    self.terminal = terminal
    self.catalogue = catalogue
  }
}
