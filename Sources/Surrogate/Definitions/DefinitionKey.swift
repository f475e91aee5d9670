/// What the container looks a definition up by: a type, runtime argument types and a tag.
///
/// Errors and validation findings name keys, and you can read them:
///
/// ```swift
/// do { _ = try container.resolve(HTTPClient.self, tag: "live") }
/// catch { print(error.key) } // HTTPClient tag "live"
/// ```
public struct DefinitionKey: Hashable, Sendable, CustomStringConvertible {
  /// The type that was registered or requested.
  public let type: Any.Type
  /// The runtime argument types as one tuple type: `Void` when there are none,
  /// `(URL, Int)` for two.
  public let argumentsType: Any.Type
  /// The tag, or `nil` for an untagged definition.
  public var tag: DefinitionTag? { tagSlot.tag }
  @usableFromInline let tagSlot: TagSlot

  /// Creates a key.
  ///
  /// ```swift
  /// let key = DefinitionKey(type: Client.self, argumentsType: (URL, Int).self, tag: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The registered or requested type.
  ///   - argumentsType: The runtime argument types as a tuple type (`Void.self` for none).
  ///   - tag: The tag, if any.
  public init(type: Any.Type, argumentsType: Any.Type = Void.self, tag: DefinitionTag? = nil) {
    self.type = type
    self.argumentsType = argumentsType
    self.tagSlot = TagSlot(tag)
  }

  /// A key whose tag is already in slot form (no `DefinitionTag?` built on the hot path).
  @inlinable
  init(type: Any.Type, argumentsType: Any.Type = Void.self, tagSlot: TagSlot) {
    self.type = type
    self.argumentsType = argumentsType
    self.tagSlot = tagSlot
  }

  /// Whether the key has a tag.
  @inlinable var isTagged: Bool { !tagSlot.isNone }

  @usableFromInline var typeKey: TypeKey {
    TypeKey(type: ObjectIdentifier(type), arguments: ObjectIdentifier(argumentsType))
  }

  /// Whether the definition takes runtime arguments.
  ///
  /// ```swift
  /// DefinitionKey(type: Client.self, argumentsType: URL.self).hasArguments // true
  /// ```
  public var hasArguments: Bool { argumentsType != Void.self }

  func with(tag: DefinitionTag?) -> DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tag: tag)
  }

  func with(tagSlot: TagSlot) -> DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tagSlot: tagSlot)
  }

  /// The same type and tag without runtime arguments: how an auto-wired request asks for it.
  var withoutArguments: DefinitionKey { DefinitionKey(type: type, argumentsType: Void.self, tagSlot: tagSlot) }

  @usableFromInline
  func with(type: Any.Type) -> DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tagSlot: tagSlot)
  }

  /// The key as one line: `Client (arguments: (URL, Int)) tag "live"`.
  ///
  /// ```swift
  /// print(key) // HTTPClient tag "live"
  /// ```
  public var description: String {
    // A member's hidden key names the member (see `register(into:)`).
    if let member = ContributionTag.of(self) { return member.describe(memberType: type) }
    // A decoration's hidden keys name the decorator and what it decorates (see `decorate`).
    if let decoration = DecorationTag.describe(self) { return decoration }
    // An ancestor's definition a nearer one hides, in a graph export (see `InheritedTag`).
    if let inherited = InheritedTag.describe(self) { return inherited }
    var text = typeName(type)
    if hasArguments { text += " (arguments: \(typeName(argumentsType)))" }
    if let tag { text += " tag \(tag)" }
    return text
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.argumentsType == rhs.argumentsType && lhs.tagSlot == rhs.tagSlot
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeKey)
    hasher.combine(tagSlot)
  }
}

/// The part of a key that is hashed on every lookup: two pointers, no strings.
@usableFromInline
struct TypeKey: Hashable, Sendable {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let arguments: ObjectIdentifier

  @usableFromInline
  init(type: ObjectIdentifier, arguments: ObjectIdentifier) {
    self.type = type
    self.arguments = arguments
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(arguments)
  }

  /// NB: `Dictionary` asks for this instead of running `Hasher` (SipHash) when it is implemented.
  /// The key is two pointers to type metadata, which no user chooses, so a multiply-xorshift mix
  /// of them with the dictionary's per-instance seed spreads them well at a fraction of the cost.
  ///
  /// NB: inlinable: the registry hashes a key on every lookup, and a call costs as much as the mix.
  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    let hash = mix(type.address ^ UInt(truncatingIfNeeded: seed))
    return Int(truncatingIfNeeded: mix(hash ^ arguments.address))
  }

  @inlinable
  func mix(_ value: UInt) -> UInt {
    var value = value &* 0x9E37_79B9_7F4A_7C15
    value ^= value >> 32
    value &*= 0xBF58_476D_1CE4_E5B9
    return value ^ (value >> 29)
  }
}

/// A type's name without its module prefix, as a user would write it.
///
/// NB: `_typeName(_:qualified: false)` is what `String(describing:)` prints for a metatype, called
/// directly: `String(describing:)` first asks the runtime whether the metatype conforms to
/// `TextOutputStreamable`, `CustomStringConvertible` and `CustomDebugStringConvertible` (it never
/// does) and reflects it with `Mirror`: a quarter of a `validate()` of 1,000 definitions, which
/// describes every key once to sort them (callgrind: 25.7 million instructions before, 19.2
/// million after).
///
/// A constrained existential reads as it is written, `any Feed<String>`: the runtime spells it
/// `any Feed<Self.Feed.Entry == String>`, which is not Swift.
func typeName(_ type: Any.Type) -> String {
  let name = _typeName(type, qualified: false)
  // NB: the constraints only when the name has one: a name is read on every error and sort.
  guard name.contains("Self.") else { return name }
  var written = ""
  var rest = Substring(name)
  while let constraint = rest.firstRange(of: "Self.") {
    written += rest[..<constraint.lowerBound]
    let after = rest[constraint.upperBound...]
    if let equals = after.firstRange(of: " == "),
      after[..<equals.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    {
      rest = after[equals.upperBound...]
    } else {
      written += "Self."
      rest = after
    }
  }
  return written + rest
}
