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

/// A type's name as code that uses it writes it: a nested type with the types it is nested in
/// (`LoginScreen.ViewModel`, which two screens' `ViewModel`s need), without module prefixes; a
/// private or local type with the types it is declared in, the same in debug and release builds.
///
/// NB: `_typeName(_:qualified:)` is what `String(describing:)` (unqualified) and
/// `String(reflecting:)` (qualified) print for a metatype, called directly: `String(describing:)`
/// first asks the runtime whether the metatype conforms to `TextOutputStreamable`,
/// `CustomStringConvertible` and `CustomDebugStringConvertible` (it never does) and reflects it
/// with `Mirror`: a quarter of a `validate()` of 1,000 definitions, which describes every key once
/// to sort them (callgrind: 25.7 million instructions before, 19.2 million after). The unqualified
/// name drops the types a type is nested in, so the qualified one is read, and each module prefix
/// (the first part of every dotted path in it) and a private or local type's context dropped.
///
/// A constrained existential reads as it is written, `any Feed<String>`: the runtime spells it
/// `any Feed<Self.Feed.Entry == String>`, which is not Swift.
package func typeName(_ type: Any.Type) -> String {
  let (name, hasConstraint) = withoutModules(_typeName(type, qualified: true))
  // NB: the constraints only when the name has one: a name is read on every error and sort.
  guard hasConstraint else { return name }
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

/// `qualified`, a type name the runtime printed with its modules, without them: the first part of
/// each dotted path (`Module.Outer.Inner` is `Outer.Inner`; `Self.Module.Feed.Entry`, a constraint,
/// is `Self.Feed.Entry`), a private or local type's context (`Module.Screen.(unknown context at
/// $1f0).Store` and `Module.Screen.(Store in _4F1B...)` are both `Screen.Store`), and a
/// `(extension in Module):` context; and whether it has a constraint (a path that starts with
/// `Self`).
///
/// NB: one pass over the UTF-8 bytes, writing as it reads: `validate()` describes every key once
/// to sort them, and a generic type's name can be long (`String.contains` over the name cost about
/// 67,000 instructions a key in `validate` of `surrogate-bench`).
func withoutModules(_ qualified: String) -> (name: String, hasConstraint: Bool) {
  var stripping = ModuleStripping(name: Array(qualified.utf8))
  stripping.run()
  return (String(decoding: stripping.written, as: UTF8.self), stripping.hasConstraint)
}

/// The state of one ``withoutModules(_:)``.
///
/// NB: a struct with mutating methods, not nested functions: functions that capture the mutable
/// state boxed it, and each byte paid for the boxes (about 60 instructions a byte).
private struct ModuleStripping {
  let name: [UInt8]
  var written: [UInt8] = []
  var hasConstraint = false
  /// The dotted path being read: how many parts, where its output starts, its first part (not
  /// written until the path is known to have one part only) and whether a part was written.
  var parts = 0
  var pathStart = 0
  var first: Range<Int>? = nil
  var wrotePart = false

  init(name: [UInt8]) {
    self.name = name
    written.reserveCapacity(name.count)
  }

  static func isPartByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
      || byte >= 0x80
  }

  func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    name[index...].starts(with: prefix.utf8)
  }

  func close(_ index: Int) -> Int? { name[index...].firstIndex(of: UInt8(ascii: ")")) }

  /// Where the part of `(Inner in _4F1B...)`, a private type's part with its file's
  /// discriminator, ends, if one starts at `index`.
  func privatePartEnd(at index: Int) -> Int? {
    guard name[index] == UInt8(ascii: "("), index + 1 < name.count, Self.isPartByte(name[index + 1]) else {
      return nil
    }
    var end = index + 1
    while end < name.count, Self.isPartByte(name[end]) { end += 1 }
    return hasPrefix(" in _", at: end) ? end : nil
  }

  mutating func write(_ part: Range<Int>) {
    if wrotePart { written.append(UInt8(ascii: ".")) }
    written.append(contentsOf: name[part])
    wrotePart = true
  }

  mutating func endPath() {
    if parts == 1, let first { written.append(contentsOf: name[first]) }
    parts = 0
    first = nil
    wrotePart = false
  }

  mutating func add(_ part: Range<Int>) {
    if parts == 0 {
      pathStart = written.count
      first = part
    } else if parts == 1, let module = first, name[module].elementsEqual("Self".utf8) {
      // `Self.Module.Feed.Entry`: the module is the second part.
      hasConstraint = true
      write(module)
    } else {
      write(part)
    }
    parts += 1
  }

  mutating func run() {
    var index = 0
    while index < name.count {
      let byte = name[index]
      if Self.isPartByte(byte) && !(byte >= 0x30 && byte <= 0x39) {
        var end = index + 1
        while end < name.count, Self.isPartByte(name[end]) { end += 1 }
        add(index..<end)
        index = end
      } else if byte == UInt8(ascii: "."), parts > 0 {
        // The path goes on.
        index += 1
      } else if byte == UInt8(ascii: "("), hasPrefix("(unknown context at ", at: index), let end = close(index) {
        // A private or local type's context, which the runtime prints with an address (or as
        // `(Inner in _4F1B...)`, depending on the build): never written.
        index = end + 1
      } else if let end = privatePartEnd(at: index), let closing = close(end) {
        add(index + 1..<end)
        index = closing + 1
      } else if byte == UInt8(ascii: "("), hasPrefix("(extension in ", at: index), let end = close(index) {
        // A type nested in an extension of another module's type: `(extension in App):Swift.Int.Limit`
        // is `Int.Limit`.
        if parts == 0 { pathStart = written.count }
        written.removeSubrange(pathStart...)
        parts = 0
        first = nil
        wrotePart = false
        index = end + 1
        if index < name.count, name[index] == UInt8(ascii: ":") { index += 1 }
      } else {
        endPath()
        written.append(byte)
        index += 1
      }
    }
    endPath()
  }
}
