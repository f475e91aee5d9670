import Synchronization

/// What a `definitionNotFound` error says, worked out the first time it is read.
///
/// A miss must cost what a lookup costs: an optional that comes back `nil`, a collaborator asked
/// after the container, a `validate()` of many definitions all make errors nobody reads. Finding
/// the registrations near the missing key means reading every registration of the container and
/// its ancestors (and describing and sorting them), so that waits for the first read, from the
/// snapshots the containers had when the miss happened.
///
/// ```swift
/// let explanation = NotFoundExplanation(key: key, snapshots: snapshots, decorating: decorating) { nearby in
///   "Register it."
/// }
/// print(explanation.message)  // "No definition for HTTPClient."
/// ```
final class NotFoundExplanation: Sendable {
  /// How many nearby registrations a message names before it says how many more there are.
  static let namedInMessage = 5

  let key: DefinitionKey
  /// Whether the missing key's type is registered, in these containers, with runtime arguments
  /// (what `T?` needs to know to tell "not registered" from "resolved without its arguments").
  let hasArgumentVariant: Bool
  /// For a missing key with runtime arguments: whether its type is registered, untagged, without
  /// any (`T?` asked with arguments for a type registered without them is a mistake, not `nil`).
  let hasPlainVariant: Bool
  private let snapshots: [RegistrySnapshot]
  private let remedyFor: @Sendable ([DefinitionKey]) -> String
  private let explained = Mutex<(message: String, remedy: String, nearby: [DefinitionKey])?>(nil)

  /// - Parameters:
  ///   - key: What was not found.
  ///   - snapshots: The registries searched, the container's first and then its ancestors'.
  ///   - remedy: Writes the remedy from the nearby registrations.
  init(key: DefinitionKey, snapshots: [RegistrySnapshot], remedy: @escaping @Sendable ([DefinitionKey]) -> String) {
    self.key = key
    self.snapshots = snapshots
    self.remedyFor = remedy
    self.hasArgumentVariant = snapshots.contains { snapshot in
      snapshot.registry.argumentVariants[ObjectIdentifier(key.type)]?.isEmpty == false
    }
    let plain = DefinitionKey(type: key.type).typeKey
    self.hasPlainVariant = key.hasArguments && snapshots.contains { $0.registry.containsUntagged(plain) }
  }

  /// "No definition for `key`.", with up to ``namedInMessage`` nearby registrations.
  var message: String { explanation.message }
  /// How to fix it.
  var remedy: String { explanation.remedy }
  /// Every nearby registration: the same type under other tags or arguments, by name.
  ///
  /// NB: not the registered types that conform to a missing protocol without forwarding it: no
  /// public API tells, from two metatypes and no instance, whether one conforms to the other (#34).
  var nearby: [DefinitionKey] { explanation.nearby }

  private var explanation: (message: String, remedy: String, nearby: [DefinitionKey]) {
    // NB: the lock is held while the text is written (no user code runs): two threads reading one
    // error write it once.
    explained.withLock(owner: self) { cached in
      if let cached { return cached }
      let nearby = Self.nearbyKeys(for: key, in: snapshots)
      var message = "No definition for \(key)."
      if !nearby.isEmpty {
        let named = nearby.prefix(Self.namedInMessage).map(\.description).joined(separator: ", ")
        let more = nearby.count - min(nearby.count, Self.namedInMessage)
        message += " Registered nearby: \(named)\(more > 0 ? " and \(more) more" : "")."
      }
      let explanation = (message, remedyFor(nearby), nearby)
      cached = explanation
      return explanation
    }
  }

  /// Registrations near a key that was not found: the same type under other tags or arguments.
  static func nearbyKeys(for key: DefinitionKey, in snapshots: [RegistrySnapshot]) -> [DefinitionKey] {
    var sameType: [DefinitionKey] = []
    for snapshot in snapshots {
      // NB: a decoration's and a collection member's hidden keys are not for resolving.
      for entry in snapshot.registry.entries
      where entry.key.type == key.type && !DecorationTag.isDecoration(entry.key.tag)
        && !ContributionTag.isMember(entry.key)
      {
        sameType.append(entry.key)
      }
    }
    return sameType.map { ($0.description, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
