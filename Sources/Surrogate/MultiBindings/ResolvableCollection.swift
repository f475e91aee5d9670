/// A collection type that resolves to an empty collection when nothing is contributed to it and
/// nothing else answers it: `[Element]` and `[Key: Element]`, as `T?` resolves to `nil`.
///
/// ```swift
/// let checks = try container.resolve([any HealthCheck].self)  // [] when nothing is contributed
/// ```
protocol ResolvableCollection {
  /// The empty collection.
  static var empty: Any { get }
  /// The type of its members, for the validation warning that says it is empty.
  static var elementType: Any.Type { get }
}

extension Array: ResolvableCollection {
  static var empty: Any { [Element]() }
  static var elementType: Any.Type { Element.self }
}

extension Dictionary: ResolvableCollection {
  static var empty: Any { [Key: Value]() }
  static var elementType: Any.Type { Value.self }
}
