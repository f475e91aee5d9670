/// The hidden tag of a member registered with ``Container/register(_:into:fileID:line:factory:)``:
/// it makes the member's key unique in its container, and names the member in paths, validation
/// reports and the graph export.
///
/// Only the container and the serial tell two members apart; the rest is what the member's key
/// says about it: `HealthCheck #2 of Array<HealthCheck> (App/Checks.swift:14)`, or for a map
/// `Route "users" of Dictionary<String, Route> (App/Routes.swift:9)`.
struct ContributionTag: Hashable, Sendable {
  let container: ObjectIdentifier
  let serial: Int
  /// The collection type the member belongs to.
  let collection: Any.Type
  /// Its position among its container's contributions to that collection, from 1.
  let ordinal: Int
  /// Its key in a map; `nil` in a list.
  let mapKey: DefinitionTag?
  /// Where it was registered: `App/Checks.swift:14`.
  let origin: String

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.container == rhs.container && lhs.serial == rhs.serial
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(container)
    hasher.combine(serial)
  }

  /// The member's key as one line, for ``DefinitionKey/description``.
  func describe(memberType: Any.Type) -> String {
    let position = mapKey.map(\.description) ?? "#\(ordinal)"
    return "\(typeName(memberType)) \(position) of \(typeName(collection)) (\(origin))"
  }

  /// The contribution tag of `key`, if it is a member's hidden key.
  ///
  /// NB: only a tag of a type other than `String` and `Int` is cast, and an untagged key (most
  /// keys a `validate()` describes and checks) pays one comparison, not a copy of its tag.
  static func of(_ key: DefinitionKey) -> ContributionTag? {
    guard key.isTagged, case .value(let value) = key.tagSlot else { return nil }
    return value.base as? ContributionTag
  }

  /// Whether `key` is a member's hidden key: not a key anyone asks for by name.
  static func isMember(_ key: DefinitionKey) -> Bool { of(key) != nil }
}
