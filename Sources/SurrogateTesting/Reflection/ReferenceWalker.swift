import Surrogate

// INVARIANT: the walker holds the object it reads; fields are read at the offsets `FieldReflection`
// gives for the object's dynamic type, within the object. Closures: see ClosureContext.swift.

/// Lists the objects an object holds strongly, each with the property path that holds it:
/// `presenter`, `items[2]`, `cache["key"]`, `state.view`.
///
/// Follows optionals, arrays, dictionaries, sets, tuples, enum payloads, existentials, nested
/// structs and superclass fields; skips `weak` and `unowned` stored properties. Sees through the
/// package's own proxies (``Surrogate/LeakCheckTransparent``): a reference through one has an
/// empty path, so it prints as the proxy. Reads the captures of a closure stored in a property
/// (see ``ClosureContext``). What it cannot look into (a closure in a collection, a `Task`, a
/// pointer) is reported as opaque, so a leak through it is reported with an unknown path instead
/// of an invented one.
package struct ReferenceWalker {
  package struct Reference {
    package let path: String
    package let object: AnyObject
    /// The reference is a closure's capture: `path` is the property that holds the closure.
    package var isClosureCapture = false
  }

  package struct Result {
    package var references: [Reference] = []
    /// Properties the walker could not look into (closures, tasks, pointers, unreflectable types).
    package var opaque: [String] = []
    /// The opaque properties that hold a closure whose captures could not all be read.
    package var closures: [String] = []
    /// The opaque properties that hold a `Task`.
    package var tasks: [String] = []
  }

  /// The strong references held by `object`.
  ///
  /// - Parameters:
  ///   - object: The object to look into.
  ///   - known: The object at an address, if it is one the caller holds; the words of a closure
  ///     context are only compared with these, never followed.
  package static func references(
    from object: AnyObject, known: (UInt) -> AnyObject? = { _ in nil }
  ) -> Result {
    withoutActuallyEscaping(known) { known in references(from: object, walker: Walk(known: known)) }
  }

  private static func references(from object: AnyObject, walker: Walk) -> Result {
    var walker = walker
    if let transparent = object as? any LeakCheckTransparent,
      let contents = transparent.strongContentsForLeakCheck
    {
      for value in contents { walker.walk(value, path: "", depth: 0) }
      return walker.result
    }
    guard let fields = FieldReflection.fields(of: type(of: object)) else {
      walker.result.opaque.append("*")
      return walker.result
    }
    let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    // A proxy that lets its stored properties be read still prints as the proxy alone.
    let isProxy = object is any LeakCheckTransparent
    for field in fields where field.isStrong {
      walker.walkField(field, at: base + field.offset, path: isProxy ? "" : field.name, depth: 0)
    }
    return walker.result
  }

  private static let maximumDepth = 16

  private struct Walk {
    let known: (UInt) -> AnyObject?
    var result = Result()

    mutating func walkField(_ field: FieldReflection.Field, at address: UnsafeRawPointer, path: String, depth: Int) {
      switch ClosureContext.read(at: address, of: field.type, known: known) {
      case .notAClosure:
        func load<Value>(_: Value.Type) -> Any { address.load(as: Value.self) }
        walk(load(field.type), path: path, depth: depth)
      case .capturesNothing:
        break
      case .captures(let objects, let isComplete):
        for object in objects {
          result.references.append(Reference(path: path, object: object, isClosureCapture: true))
        }
        if !isComplete {
          result.opaque.append(path)
          result.closures.append(path)
        }
      }
    }

    mutating func walk(_ value: Any, path: String, depth: Int) {
      guard depth < maximumDepth else { return }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .class?:
        result.references.append(Reference(path: path, object: value as AnyObject))
      case .optional?:
        if let some = mirror.children.first { walk(some.value, path: path, depth: depth + 1) }
      case .collection?, .set?:
        for (index, child) in mirror.children.enumerated() {
          walk(child.value, path: "\(path)[\(index)]", depth: depth + 1)
        }
      case .dictionary?:
        for child in mirror.children {
          let pair = Mirror(reflecting: child.value).children.map(\.value)
          guard pair.count == 2 else { continue }
          walk(pair[0], path: joined(path, "keys"), depth: depth + 1)
          walk(pair[1], path: "\(path)[\(String(reflecting: pair[0]))]", depth: depth + 1)
        }
      case .tuple?, .enum?:
        for (index, child) in mirror.children.enumerated() {
          // Mirror labels tuple elements ".0", ".1"; enum payloads by case name.
          let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
          walk(child.value, path: joined(path, label), depth: depth + 1)
        }
      case .struct? where String(reflecting: type(of: value)).hasPrefix("Swift.Task<"):
        // A task's operation and what it captures live in the runtime's task object.
        result.opaque.append(path)
        result.tasks.append(path)
      case .struct? where Self.isInjectedWrapper(value):
        // An `@Injected` property's storage (`_presenter.storage`) reads as the property itself
        // (`presenter`), as the report's user wrote it.
        walkStruct(value, path: Self.wrappedPropertyPath(path), depth: depth, naming: false)
      case .struct?:
        walkStruct(value, path: path, depth: depth)
      default:
        // Closures, metatypes, pointers and foreign objects have no reflectable children.
        if !(type(of: value) is Any.Type.Type), mirror.children.isEmpty, let kind = opaqueKind(value) {
          result.opaque.append(path)
          if kind == .closure { result.closures.append(path) }
        }
      }
    }

    /// Whether `value` is the storage of an auto-injected property (``Injected``), whose own
    /// stored property is an implementation detail of the library.
    private static func isInjectedWrapper(_ value: Any) -> Bool {
      String(reflecting: type(of: value)).hasPrefix("Surrogate.Injected<")
    }

    /// `path` with the property wrapper's backing-storage underscore dropped from its last
    /// component (`Screen._presenter` reads `Screen.presenter`).
    private static func wrappedPropertyPath(_ path: String) -> String {
      var components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard let last = components.last, last.hasPrefix("_") else { return path }
      components[components.count - 1] = String(last.dropFirst())
      return components.joined(separator: ".")
    }

    /// Walks a struct's strong stored properties (a struct can hold a `weak` property too); with
    /// `naming` `false`, under `path` itself rather than each property's name.
    private mutating func walkStruct(_ value: Any, path: String, depth: Int, naming: Bool = true) {
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
            walkField(field, at: base + field.offset, path: naming ? joined(path, field.name) : path, depth: depth + 1)
          }
        }
      }
      _openExistential(type(of: value), do: open)
    }
  }

  private enum OpaqueKind { case closure, pointer }

  private static func opaqueKind(_ value: Any) -> OpaqueKind? {
    let name = Surrogate.typeName(Swift.type(of: value))
    if name.contains("->") { return .closure }
    return name.contains("Pointer") ? .pointer : nil
  }

  private static func joined(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : "\(path).\(name)"
  }
}
