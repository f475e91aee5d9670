/// Who is using the screen, which decides what the favourites `ProtectionProxy` lets through.
///
/// ```swift
/// let caller = Caller(role: .curator)
/// caller.mayEditFavourites   // true
/// ```
public struct Caller: Sendable, Hashable {
  /// What a caller may do.
  ///
  /// ```swift
  /// Caller.Role(rawValue: "curator")   // .curator
  /// ```
  public enum Role: String, Sendable, Hashable, CaseIterable {
    /// Browses and reads favourites.
    case guest
    /// Also edits the favourites list.
    case curator
  }

  /// The caller's role.
  public let role: Role

  /// Creates a caller.
  ///
  /// ```swift
  /// Caller(role: .guest)
  /// ```
  public init(role: Role) { self.role = role }

  /// Whether the favourites editor's policy lets this caller through.
  public var mayEditFavourites: Bool { role == .curator }
}
