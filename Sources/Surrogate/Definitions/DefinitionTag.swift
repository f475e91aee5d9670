/// A tag that tells apart several definitions of the same type.
///
/// You rarely create one yourself: every `tag:` parameter takes any `Hashable & Sendable` value
/// (a string or integer literal, an enum case) and wraps it. Strings and integers are stored
/// inline, so a tagged lookup hashes no string built at run time.
///
/// ```swift
/// enum Environment: Hashable, Sendable { case live, stub }
/// container.register(.singleton, tag: Environment.live) { URLSessionClient() as HTTPClient }
/// let client = try container.resolve(HTTPClient.self, tag: Environment.live)
/// ```
public struct DefinitionTag: Hashable, Sendable, CustomStringConvertible {
  /// NB: every payload is a reference or plain bits (`AnyTagValue` is a class), so copying a tag,
  /// and every `DefinitionKey` pushed on a resolution path, is a switch and a retain, not a call
  /// through the value witnesses of an existential.
  @usableFromInline
  enum Storage: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case value(AnyTagValue)
  }

  @usableFromInline let storage: Storage

  @usableFromInline
  init(storage: Storage) { self.storage = storage }

  /// Wraps a hashable value as a tag.
  ///
  /// ```swift
  /// let tag = DefinitionTag("live")
  /// ```
  ///
  /// - Parameter value: A string, an integer or any other `Hashable & Sendable` value.
  public init(_ value: any Hashable & Sendable) {
    // NB: opening the existential and comparing metatypes costs a pointer comparison; `as?`
    // casts cost a dynamic cast each, on every tagged lookup.
    self.init(typed: value)
  }

  /// Wraps a tag whose type is known at compile time: in specialized code the type checks below
  /// are decided by the compiler, and no existential is built or copied.
  @inlinable
  init<Value: Hashable & Sendable>(typed value: Value) {
    if Value.self == String.self {
      storage = .string(value as! String)
    } else if Value.self == Int.self {
      storage = .integer(value as! Int)
    } else if Value.self == DefinitionTag.self {
      storage = (value as! DefinitionTag).storage
    } else {
      storage = .value(AnyTagValue(value))
    }
  }

  /// Wraps an optional tag parameter; `nil` stays `nil` without touching the existential.
  @inlinable @inline(__always)
  static func wrap(_ value: (any Hashable & Sendable)?) -> DefinitionTag? {
    guard let value else { return nil }
    return DefinitionTag(value)
  }

  /// The wrapped value, as it was given.
  ///
  /// ```swift
  /// DefinitionTag(7).value as? Int // 7
  /// ```
  public var value: any Hashable & Sendable {
    switch storage {
    case .string(let string): string
    case .integer(let integer): integer
    case .value(let other): other.base
    }
  }

  /// The tag as source code would spell it: `"live"`, `7`, `Environment.live`.
  ///
  /// ```swift
  /// DefinitionTag("live").description // "\"live\""
  /// ```
  public var description: String {
    switch storage {
    case .string(let string): "\"\(string)\""
    case .integer(let integer): String(integer)
    case .value(let other): Self.describe(other.base)
    }
  }

  /// A tag value as Swift spells it: an enum's case after its type (`Deployment.live`), a struct's
  /// own description (`RegionTag(id: 3)`, which already starts with its type) as it is.
  private static func describe(_ value: Any) -> String {
    let type = typeName(Swift.type(of: value))
    let text = "\(value)"
    return text == type || text.hasPrefix(type + "(") ? text : "\(type).\(text)"
  }
}

extension DefinitionTag {
  /// A fast, unkeyed hash for registry lookups (see ``Registry/hash(_:tag:)``): an integer tag is
  /// its own hash; a string tag hashes with a short FNV-1a over its UTF-8 (tags are short
  /// literals), not with SipHash.
  @inlinable
  var cheapHash: Int {
    if case .integer(let integer) = storage { return integer }
    return slowCheapHash
  }

  @usableFromInline
  var slowCheapHash: Int {
    switch storage {
    case .integer(let integer):
      return integer
    case .string(var string):
      return string.withUTF8 { bytes in
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
          hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash)
      }
    case .value(let other):
      // NB: not `hashValue`, which hashes through `hash(into:)` with SipHash: a decorated
      // definition's lookup hashed its hidden tag so, about 1,400 instructions of a server request
      // (server-flat, callgrind).
      return other._rawHashValue(seed: 0)
    }
  }
}

/// A tag or none, as one non-generic enum. Keys and resolvers store this rather than
/// `DefinitionTag?`: in unspecialized code (auto-wiring, generic helpers) every copy and destroy
/// of an `Optional` of a multi-payload enum asked the runtime for `Optional`'s metadata.
@usableFromInline
enum TagSlot: Hashable, Sendable {
  case none
  case string(String)
  case integer(Int)
  case value(AnyTagValue)

  @usableFromInline
  init(_ tag: DefinitionTag?) {
    switch tag?.storage {
    case nil: self = .none
    case .string(let string): self = .string(string)
    case .integer(let integer): self = .integer(integer)
    case .value(let value): self = .value(value)
    }
  }

  @usableFromInline
  var tag: DefinitionTag? {
    switch self {
    case .none: nil
    case .string(let string): DefinitionTag(storage: .string(string))
    case .integer(let integer): DefinitionTag(storage: .integer(integer))
    case .value(let value): DefinitionTag(storage: .value(value))
    }
  }

  /// Whether this slot holds `tag` (`.none` for `nil`).
  @inlinable @inline(__always)
  func matches(_ tag: DefinitionTag?) -> Bool {
    guard let tag else { return isNone }
    switch (self, tag.storage) {
    case (.string(let slot), .string(let other)): return slot == other
    case (.integer(let slot), .integer(let other)): return slot == other
    case (.value(let slot), .value(let other)): return slot == other
    default: return false
    }
  }

  @inlinable
  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}

/// A type-erased `Hashable & Sendable` tag value that is itself `Sendable`.
@usableFromInline
final class AnyTagValue: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline
  init(_ base: any Hashable & Sendable) { self.base = base }

  @usableFromInline
  static func == (lhs: AnyTagValue, rhs: AnyTagValue) -> Bool {
    func equals<Value: Hashable>(_ lhs: Value) -> Bool { (rhs.base as? Value) == lhs }
    return lhs === rhs || equals(lhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  /// The value's own raw hash: a value with a cheap one (a decoration's hidden tag) is hashed
  /// without SipHash (see ``DefinitionTag/cheapHash``). Values of two types that hash alike are
  /// told apart by `==`.
  @usableFromInline
  func _rawHashValue(seed: Int) -> Int {
    base._rawHashValue(seed: seed)
  }
}
