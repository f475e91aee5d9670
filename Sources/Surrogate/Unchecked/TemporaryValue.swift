// INVARIANT: `fill` gets a `ValueSlot`, uninitialized memory for one `T` (64 bytes of this call's
// stack, or a heap allocation freed before returning), and must initialize it, as a `T`, exactly
// when it returns (not when it throws); the value is then moved out once. A slot is initialized
// only through `initialize(to:)`, whose type the caller's key guarantees (an `ErasedProducer` of
// the registration under `T`'s key makes a `T`); debug builds check the type. `withStoredProperty`
// reaches a stored property of a class instance in place, by its offset: the caller found the
// offset and the property's type in the runtime's field metadata of the instance's exact class (see
// InjectionPlan.swift), and holds the instance for the call.

/// Returns the `T` that `fill` initializes in temporary memory: how code that knows `T` only at
/// run time receives a value from a registration's specialized producer.
///
/// NB: not `withUnsafeTemporaryAllocation`, which builds a `Result<T, E>`: a metadata lookup in
/// the unspecialized code this runs in. A class reference or an existential fits in these 64
/// bytes of stack; anything larger goes to the heap.
@inlinable
func makingValue<T>(of type: T.Type, _ fill: (ValueSlot) throws(ResolutionError) -> Void)
  throws(ResolutionError) -> T
{
  var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
  guard MemoryLayout<T>.size <= MemoryLayout.size(ofValue: storage), MemoryLayout<T>.alignment <= 8 else {
    let out = UnsafeMutablePointer<T>.allocate(capacity: 1)
    defer { out.deallocate() }
    try fill(ValueSlot(address: UnsafeMutableRawPointer(out), type: T.self))
    return out.move()
  }
  return try withUnsafeMutableBytes(of: &storage) { (raw) throws(ResolutionError) -> T in
    let out = raw.baseAddress.unsafelyUnwrapped
    try fill(ValueSlot(address: out, type: T.self))
    return out.assumingMemoryBound(to: T.self).move()
  }
}

/// Uninitialized memory for one value, which its owner (``makingValue(of:_:)``) moves out once
/// `initialize(to:)` has filled it: where a registration's specialized producer builds an
/// instance for code that knows its type only at run time.
///
/// ```swift
/// let instance = try makingValue(of: T.self) { slot in slot.initialize(to: try make()) }
/// ```
@usableFromInline
struct ValueSlot {
  @usableFromInline let address: UnsafeMutableRawPointer
  #if DEBUG
    /// The type the slot was made for, to check `initialize(to:)` against in debug builds.
    @usableFromInline let type: Any.Type
  #endif

  @inlinable @inline(__always)
  init<T>(address: UnsafeMutableRawPointer, type: T.Type) {
    self.address = address
    #if DEBUG
      self.type = type
    #endif
  }

  /// Initializes the slot with `value`, whose type must be the one the slot was made for.
  @inlinable @inline(__always)
  func initialize<Value>(to value: consuming Value) {
    #if DEBUG
      precondition(type == Value.self, "a value slot for \(type) was given a \(Value.self)")
    #endif
    address.initializeMemory(as: Value.self, to: value)
  }
}

/// Calls `body` with the stored property at `offset` in `object`, of type `Property`, in place.
///
/// ```swift
/// try withStoredProperty(of: object, at: offset, as: Property.self) { try $0.inject(property, resolver: r) }
/// ```
///
/// The offset and type must be those the runtime's field metadata gives for a stored property of
/// `object`'s exact class (an ``InjectionPlan`` is made from them, and used only for instances of
/// that class); the caller holds `object` for the call.
func withStoredProperty<Property, Result, Failure: Error>(
  of object: AnyObject, at offset: Int, as type: Property.Type, _ body: (inout Property) throws(Failure) -> Result
) throws(Failure) -> Result {
  let address = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
  return try body(&address.assumingMemoryBound(to: Property.self).pointee)
}
