/// Lists the objects an object holds strongly, each with the property path that holds it:
/// `presenter`, `items[2]`, `cache["key"]`, `state.view`.
///
/// Follows optionals, arrays, dictionaries, sets, tuples, enum payloads, existentials, nested
/// structs and superclass fields; skips `weak` and `unowned` stored properties. Closures and
/// pointers cannot be looked into: they are reported as opaque, so a leak through them is
/// reported with an unknown path instead of an invented one.
package struct ReferenceWalker {
  package struct Reference {
    package let path: String
    package let object: AnyObject
  }

  package struct Result {
    package var references: [Reference] = []
    /// Properties the walker could not look into (closures, pointers, unreflectable types).
    package var opaque: [String] = []
  }

  /// The strong references held by `object`.
  package static func references(from object: AnyObject) -> Result {
    var result = Result()
    guard let fields = FieldReflection.fields(of: type(of: object)) else {
      result.opaque.append("*")
      return result
    }
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    for field in fields where field.isStrong {
      func load<Value>(_: Value.Type) -> Any { (base + field.offset).load(as: Value.self) }
      walk(load(field.type), path: field.name, into: &result, depth: 0)
    }
    return result
  }

  private static let maximumDepth = 16

  private static func walk(_ value: Any, path: String, into result: inout Result, depth: Int) {
    guard depth < maximumDepth else { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class?:
      result.references.append(Reference(path: path, object: value as AnyObject))
    case .optional?:
      if let some = mirror.children.first { walk(some.value, path: path, into: &result, depth: depth + 1) }
    case .collection?, .set?:
      for (index, child) in mirror.children.enumerated() {
        walk(child.value, path: "\(path)[\(index)]", into: &result, depth: depth + 1)
      }
    case .dictionary?:
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { continue }
        walk(pair[0], path: "\(path).keys", into: &result, depth: depth + 1)
        walk(pair[1], path: "\(path)[\(String(reflecting: pair[0]))]", into: &result, depth: depth + 1)
      }
    case .tuple?, .enum?:
      for (index, child) in mirror.children.enumerated() {
        // Mirror labels tuple elements ".0", ".1"; enum payloads by case name.
        let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
        walk(child.value, path: "\(path).\(label)", into: &result, depth: depth + 1)
      }
    case .struct?:
      walkStruct(value, path: path, into: &result, depth: depth)
    default:
      // Closures, metatypes, pointers and foreign objects have no reflectable children.
      if !(type(of: value) is Any.Type.Type), mirror.children.isEmpty, isOpaque(value) {
        result.opaque.append(path)
      }
    }
  }

  /// Walks a struct's strong stored properties (a struct can hold a `weak` property too).
  private static func walkStruct(_ value: Any, path: String, into result: inout Result, depth: Int) {
    func open<Value>(_: Value.Type) {
      // NB: a struct read from a property of protocol type (`let terminal: any Terminal`) arrives
      // as an `Any` holding that existential, not the struct: cast it to its dynamic type first,
      // or the runtime is asked for the fields of an existential type and crashes.
      let value = value as! Value
      guard let fields = FieldReflection.fields(of: Value.self) else {
        result.opaque.append(path)
        return
      }
      withUnsafeBytes(of: value) { bytes in
        guard let base = bytes.baseAddress else { return }
        for field in fields where field.isStrong {
          func load<Field>(_: Field.Type) -> Any { (base + field.offset).load(as: Field.self) }
          walk(load(field.type), path: "\(path).\(field.name)", into: &result, depth: depth + 1)
        }
      }
    }
    _openExistential(type(of: value), do: open)
  }

  private static func isOpaque(_ value: Any) -> Bool {
    let name = String(describing: type(of: value))
    return name.contains("->") || name.contains("Pointer")
  }
}
