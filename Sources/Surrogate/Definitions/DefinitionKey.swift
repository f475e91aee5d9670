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
  public let tag: DefinitionTag?

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
    self.tag = tag
  }

  var typeKey: TypeKey { TypeKey(type: ObjectIdentifier(type), arguments: ObjectIdentifier(argumentsType)) }

  /// Whether the definition takes runtime arguments.
  ///
  /// ```swift
  /// DefinitionKey(type: Client.self, argumentsType: URL.self).hasArguments // true
  /// ```
  public var hasArguments: Bool { argumentsType != Void.self }

  func with(tag: DefinitionTag?) -> DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tag: tag)
  }

  func with(type: Any.Type) -> DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tag: tag)
  }

  /// The key as one line: `Client (arguments: (URL, Int)) tag "live"`.
  ///
  /// ```swift
  /// print(key) // HTTPClient tag "live"
  /// ```
  public var description: String {
    var text = typeName(type)
    if hasArguments { text += " (arguments: \(typeName(argumentsType)))" }
    if let tag { text += " tag \(tag)" }
    return text
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.argumentsType == rhs.argumentsType && lhs.tag == rhs.tag
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeKey)
    hasher.combine(tag)
  }
}

/// The part of a key that is hashed on every lookup: two pointers, no strings.
struct TypeKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let arguments: ObjectIdentifier
}

/// A type's name without its module prefix, as a user would write it.
func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
