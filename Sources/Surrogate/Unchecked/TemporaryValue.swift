// INVARIANT: `fill` gets uninitialized memory for one `T` (64 bytes of this call's stack, or a heap
// allocation freed before returning) and must initialize it exactly when it returns; the value is
// then moved out once.

/// Returns the `T` that `fill` initializes in temporary memory: how code that knows `T` only at
/// run time receives a value from a registration's specialized producer.
///
/// NB: not `withUnsafeTemporaryAllocation`, which builds a `Result<T, E>`: a metadata lookup in
/// the unspecialized code this runs in. A class reference or an existential fits in these 64
/// bytes of stack; anything larger goes to the heap.
@inlinable
func makingValue<T>(of type: T.Type, _ fill: (UnsafeMutableRawPointer) throws(ResolutionError) -> Void)
  throws(ResolutionError) -> T
{
  var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
  guard MemoryLayout<T>.size <= MemoryLayout.size(ofValue: storage), MemoryLayout<T>.alignment <= 8 else {
    let out = UnsafeMutablePointer<T>.allocate(capacity: 1)
    defer { out.deallocate() }
    try fill(UnsafeMutableRawPointer(out))
    return out.move()
  }
  return try withUnsafeMutableBytes(of: &storage) { (raw) throws(ResolutionError) -> T in
    let out = raw.baseAddress.unsafelyUnwrapped
    try fill(out)
    return out.assumingMemoryBound(to: T.self).move()
  }
}
