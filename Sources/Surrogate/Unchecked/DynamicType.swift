// INVARIANT: (unsafe) reads an instance's dynamic type out of the runtime's layout of existentials.
//
// Invariants (the runtime's ABI, stable on Apple platforms and the same on Linux):
// - A type's metadata starts with its kind word; an existential's (kind 0x303) is followed by
//   its flags (32 bits): bit 31 set when it is not class-constrained, bits 24-29 a special
//   protocol (`Error`, boxed differently: left to the runtime).
// - A class-constrained existential starts with the object reference; any other existential is
//   a three-word buffer followed by the metadata of the value it holds (a class instance is
//   stored inline, in the buffer's first word, but its metadata there may be a superclass's).
// - A class instance's own type is read from the object, never from a container: without
//   Objective-C its first word is its metadata; with it, `type(of:)` asks the runtime.
// - `value` is only read inside `withUnsafePointer(to:)`, while the caller holds it.
// Tests: DynamicTypeTests compares the answer with `type(of: value as Any)` for classes,
// subclasses erased through their superclass, class-constrained and opaque existentials,
// compositions, `Any`, `AnyObject`, existentials holding values, `any Error`, and value types.

/// The dynamic type of a value of a generic type, as the address of its metadata, without the
/// runtime's dynamic cast (`type(of: value as Any)` on an existential copied it into a box on the
/// heap and asked `swift_getDynamicType`: about 175 instructions and a `malloc` per instance).
@usableFromInline package enum DynamicType {
  /// The address of the metadata of `value`'s dynamic type.
  @inlinable @inline(__always)
  package static func bits<Value>(of value: Value) -> UInt {
    // NB: the metadata's kind, not the runtime: in code not specialized for `Value` (auto-wiring,
    // generic chains) `type(of:)` and `Value.self is AnyObject.Type` are runtime calls, and plain
    // `type(of: value)` does not see into an existential (`type(of: value as Any)` does, through a
    // box). Measured at the three call sites (auto-injection's two and `mayNeedDisposal`),
    // callgrind, 2026-11-26, instructions a request with this against without:
    // - with `type(of: value)` for a class and `type(of: value as Any)` otherwise: server-flat
    //   22,972 against 24,242 (+5.5%), server-child 33,837 against 36,141 (+6.8%), server-scope
    //   37,284 against 39,554 (+6.1%), screen +1.3%, S1 5,396 against 8,707, S6 125,687 against
    //   132,466;
    // - with `type(of: value as Any)` everywhere: server-flat +11.6%, server-child +11.0%,
    //   server-scope +10.1%, screen +4.5%.
    // #34's rule keeps such machinery only if removing it costs a realistic graph 3% of its
    // instructions (or a made singleton 10%): it stays.
    let metadata = unsafeBitCast(Value.self, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    if isClass(kind: kind) {
      return objectTypeBits(unsafeBitCast(value, to: UnsafeRawPointer.self))
    }
    guard kind == existentialKind else { return UInt(bitPattern: metadata) }
    // NB: the container is read by non-generic code: generic, it copied `value` through its
    // value witnesses.
    return withUnsafePointer(to: value) { existentialBits(container: UnsafeRawPointer($0), metadata: metadata) }
  }

  /// The class instance `value` is or holds (in an existential), or `nil` for a value type: read
  /// like ``bits(of:)``, without the runtime's dynamic cast.
  ///
  /// ```swift
  /// let identity = DynamicType.object(of: instance).map(ObjectIdentifier.init)
  /// ```
  ///
  /// NB: kept for issue #36's target for a scope's end (three disposals within 1 µs, about 9,500
  /// instructions beyond the same scope without them). Measured against the plain forms on
  /// 2026-11-26 (callgrind, scope-end-disposals): a class check and a dynamic cast to a generic
  /// `AnyObject` target cost about 700 instructions a disposal more (80,269 -> 82,362, and an
  /// auto-injected instance 560 more), `value as AnyObject`, the bridging conversion from `Any`,
  /// about 2,800 (88,588); the realistic graphs moved under 1% either way.
  package static func object<Value>(of value: Value) -> AnyObject? {
    let metadata = unsafeBitCast(Value.self, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    let address: UnsafeRawPointer? = withUnsafePointer(to: value) { pointer in
      let container = UnsafeRawPointer(pointer)
      if isClass(kind: kind) { return container.load(as: UnsafeRawPointer.self) }
      guard kind == existentialKind else { return nil }
      let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self)
      guard flags & 0x3F00_0000 == 0 else { return nil }
      if flags & 0x8000_0000 == 0 { return container.load(as: UnsafeRawPointer.self) }
      let type = container.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
      return isClass(kind: type.load(as: UInt.self)) ? container.load(as: UnsafeRawPointer.self) : nil
    }
    guard let address else { return Swift.type(of: value as Any) is AnyClass ? value as AnyObject : nil }
    return Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
  }

  /// Whether a metadata kind is a class's: 0 (a Swift class without Objective-C), or an isa
  /// pointer above the kinds (a Swift class with Objective-C); with Objective-C also 0x305 (the
  /// wrapper the runtime makes for a pure Objective-C class, `UIViewController` itself, when Swift
  /// code names it) and 0x203 (a foreign class, such as a Core Foundation type). Assumes the
  /// runtime's metadata kinds, stable ABI on Apple platforms.
  ///
  /// NB: without the last two, a `UIViewController` subclass registered as `UIViewController`
  /// would be read as a value type, and given its registered type's (empty) injection plan. They
  /// are compared only where Objective-C exists: on Linux the two more comparisons changed how the
  /// optimizer inlined the resolve path (S2 +267 instructions a resolve, callgrind).
  @inlinable @inline(__always)
  package static func isClass(kind: UInt) -> Bool {
    #if canImport(ObjectiveC)
      kind == 0 || kind > 0x7FF || kind == 0x305 || kind == 0x203
    #else
      kind == 0 || kind > 0x7FF
    #endif
  }

  @usableFromInline static var existentialKind: UInt { 0x303 }

  /// Whether `type` is an existential (`any TransferObserver`, `AnyObject`): a remedy that spells
  /// its optional writes `(any TransferObserver)?`, which the type's name does not say.
  static func isExistential(_ type: Any.Type) -> Bool {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == existentialKind
  }

  /// ``bits(of:)`` for an existential whose container is at `container`, of type `metadata`.
  @inlinable @inline(__always)
  static func existentialBits(container: UnsafeRawPointer, metadata: UnsafeRawPointer) -> UInt {
    let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self)
    if flags & 0x3F00_0000 != 0 {
      // A special protocol (`any Error`): the runtime knows its representation.
      return UInt(bitPattern: ObjectIdentifier(openedType(container: container, metadata: metadata)))
    }
    if flags & 0x8000_0000 == 0 { return objectTypeBits(container.load(as: UnsafeRawPointer.self)) }
    let type = container.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    if isClass(kind: type.load(as: UInt.self)) { return objectTypeBits(container.load(as: UnsafeRawPointer.self)) }
    return UInt(bitPattern: type)
  }

  /// The dynamic type of the existential at `container`, asked of the runtime.
  @usableFromInline
  static func openedType(container: UnsafeRawPointer, metadata: UnsafeRawPointer) -> Any.Type {
    func read<Existential>(_: Existential.Type) -> Any.Type {
      Swift.type(of: container.assumingMemoryBound(to: Existential.self).pointee as Any)
    }
    return _openExistential(unsafeBitCast(metadata, to: Any.Type.self), do: read)
  }

  /// The address of the metadata of the object at `object`.
  @inlinable @inline(__always)
  static func objectTypeBits(_ object: UnsafeRawPointer) -> UInt {
    #if canImport(ObjectiveC)
      // An Objective-C object's isa may hold more than its class: ask the runtime.
      Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
        UInt(bitPattern: ObjectIdentifier(Swift.type(of: $0)))
      }
    #else
      // NB: without Objective-C, an object's first word is its class's metadata.
      object.load(as: UInt.self)
    #endif
  }

  /// The type whose metadata is at `bits`.
  @inlinable @inline(__always)
  static func type(bits: UInt) -> Any.Type {
    unsafeBitCast(bits, to: Any.Type.self)
  }
}

extension ObjectIdentifier {
  /// The address of the object or the type metadata this identifies, as an integer: to hash or
  /// compare, never turned back into a pointer.
  ///
  /// ```swift
  /// let hash = mix(ObjectIdentifier(T.self).address ^ seed)
  /// ```
  @inlinable @inline(__always)
  var address: UInt { UInt(bitPattern: self) }
}
