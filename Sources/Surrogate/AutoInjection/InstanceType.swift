/// An instance's dynamic type and the object it is or holds, read with public API only (#34): no
/// metadata layout, kind or flag is read by hand.
///
/// What it assumes, documented behaviours of the language (and, for a class, the room's
/// `trustedObject`, which relies on nothing but the check before it):
/// - `Value.self is AnyObject.Type` is true exactly for a class (Swift or Objective-C); then the
///   value is the object (`trustedObject`, Unchecked/Trusted.swift), and `type(of:)` asks it for
///   its own class, whatever superclass it was erased to.
/// - Anything else is a value type or an existential. `type(of:)` in generic code answers an
///   existential `Value` with the existential type itself; `type(of: value as Any)` opens it (the
///   documented idiom, see `type(of:)`'s documentation), through a box when the contents do not fit
///   in `Any`'s buffer.
///
/// ```swift
/// let type = InstanceType.of(instance)             // `type(of:)` for a class
/// let object = InstanceType.object(of: instance)   // nil for a value
/// ```
///
/// NB: costs, in code not specialized for `Value` (callgrind, 2026-11-27): a class a few
/// instructions (`type(of:)` of the object; `type(of: value)` itself was a runtime call, about
/// 55), an existential 200 to 650 (a copy into `Any`, and a `malloc` for an opaque one whose
/// contents do not fit), a value 150 to 470. A registration reads each instance it makes once, in
/// `make`, and a value type's first instance only (`Registration.dynamicType(of:)`, the same read
/// with that memory).
///
/// NB: specialization does not make an existential cheaper. `make` is inlined in code specialized
/// for `Value == any Loader` (S1's `Graph.resolve`), and that code still boxes: the opaque
/// existential is five words, `Any`'s buffer three, and the language opens a value typed by a
/// type parameter only through `Any` (its `type(of:)` is the static type, specialized or not). A
/// reader closure made per registration in `insertRegistration`, specialized for `T`, cost the
/// same, 617 instructions an instance (S1 6,795 -> 6,892, s7c 9,547 -> 9,795); in a test program,
/// `value as? AnyObject` about 545 (and it boxes a value in a `__SwiftValue` on Linux, bridges it
/// on Darwin), `value as? Any` 770, `Mirror(reflecting:).subjectType` 5,900, a class-bound
/// existential (two words, fits in `Any`) about 200 (callgrind, 2026-11-27).
@usableFromInline package enum InstanceType {
  /// The dynamic type of `value`: its class's own for an object, its contents' for an existential.
  ///
  /// ```swift
  /// InstanceType.of(Derived() as Base) == Derived.self
  /// ```
  @inlinable @inline(__always)
  package static func of<Value>(_ value: Value) -> Any.Type {
    if Value.self is AnyObject.Type { return type(of: trustedObject(value)) }
    return type(of: value as Any)
  }

  /// The object `value` is or holds (in an existential), or `nil` for a value type.
  ///
  /// ```swift
  /// let identity = InstanceType.object(of: instance).map(ObjectIdentifier.init)
  /// ```
  @inlinable @inline(__always)
  package static func object<Value>(of value: Value) -> AnyObject? {
    // NB: a class instance is the object, with no cast (`trustedObject`, Unchecked/Trusted.swift):
    // `value as AnyObject` in generic code is the runtime's bridging call, about 240 instructions.
    if Value.self is AnyObject.Type { return trustedObject(value) }
    return object(in: value as Any)
  }

  /// The object `value` holds, or `nil` when its dynamic type is not a class.
  ///
  /// ```swift
  /// let object = InstanceType.object(in: instance as Any)
  /// ```
  ///
  /// NB: not `value as AnyObject`: from `Any` that is the runtime's bridging conversion (about
  /// 2,700 instructions, and an `any Error` holding a class gave its error box, not the object).
  /// Opened, a class instance erased to `Any` needs no cast; an existential erased to `Any` by
  /// generic code (the opened type is then `any P`) is cast to its dynamic class.
  @usableFromInline
  package static func object(in value: Any) -> AnyObject? {
    func opened<Opened>(_ value: Opened) -> AnyObject? {
      Opened.self is AnyObject.Type ? trustedObject(value) : nil
    }
    if let object = opened(value) { return object }
    guard let objectType = type(of: value) as? AnyClass else { return nil }
    func cast<Object: AnyObject>(to _: Object.Type) -> AnyObject? { value as? Object }
    return cast(to: objectType)
  }

  /// Whether `type` is an existential (`any TransferObserver`, `Any`, `AnyObject`): a remedy that
  /// spells it writes `(any TransferObserver)?`, which the type's name does not say.
  ///
  /// ```swift
  /// let spelling = InstanceType.isExistential(type) ? "(any \(name)).self" : "\(name).self"
  /// ```
  ///
  /// NB: the name of its metatype: a protocol's is its name followed by `.Protocol` (the language
  /// reference's metatype type), any other type's by `.Type`. Only error messages ask.
  package static func isExistential(_ type: Any.Type) -> Bool {
    func metatypeName<Opened>(of _: Opened.Type) -> String { String(describing: Opened.Type.self) }
    return metatypeName(of: type).hasSuffix(".Protocol")
  }
}
