/// A request that failed: one sentence saying what, and one saying what to do.
///
/// ```swift
/// ScreenFailure(message: "Only a curator may edit favourites.", hint: "Run as a curator.")
/// ```
public struct ScreenFailure: Sendable, Equatable {
  /// What went wrong.
  public let message: String
  /// What to do about it.
  public let hint: String

  /// Creates a failure.
  ///
  /// ```swift
  /// ScreenFailure(message: "No cocktail with id 42.", hint: "Search by name to find ids.")
  /// ```
  public init(message: String, hint: String) {
    self.message = message
    self.hint = hint
  }
}

extension ScreenFailure: Error {}
