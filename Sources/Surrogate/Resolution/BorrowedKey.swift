// INVARIANT: borrowed keys; Graph.swift and Resolver.swift point here.
// - Owner: the call that pushes a frame holds the requested `DefinitionKey`, and with it the tag
//   (a string's buffer, a boxed tag value) whose bits a `BorrowedKey` copies without retaining.
// - When it may be read: `key` only while the frame that holds it is on the path; the frame is
//   popped before that call returns, and `leaveFrameBuffer` empties the path before the top-level
//   call returns. Whatever outlives the frame (an error's path, an observer's record, a graph's
//   `.shared` instance keyed by tag) is copied out through `key`, which retains the tag again.
// - A `Resolver` holds its request's tag bits the same way, and its graph keeps the tag alive
//   (`Graph.keep(_:)`) for as long as the resolver exists.
// - `TagSlot.borrowedBits` and `TagSlot(borrowedBits:)` (Unchecked/Trusted.swift) convert between
//   `TagSlot` and `TagBits`, checking that their sizes match, in every build.
// Tests: BorrowedKeyLifetimeTests.

/// A ``DefinitionKey`` copied without retaining its tag: what a frame of a graph's path holds.
///
/// A frame lives exactly as long as the call that builds its definition, and that call holds the
/// requested key, so the key's tag (a string's buffer, a boxed tag value) outlives the frame.
/// Copying the tag's bits instead of the tag spares every instance a graph makes an outlined copy
/// and destruction of a key, and leaves a frame trivial to push and pop (measured: S2's ten nodes
/// about 600 of 12,400 instructions, S6's chain of fifty about 7,300 of 135,800).
///
/// NB: read ``key`` only while the frame that holds this is on the path.
@usableFromInline
struct BorrowedKey {
  @usableFromInline let type: Any.Type
  @usableFromInline let argumentsType: Any.Type
  /// The key's `TagSlot`, bit for bit and unretained.
  @usableFromInline let tagBits: TagBits

  /// A `TagSlot`'s size: a string's 16 bytes and the byte that tells the cases apart.
  /// The conversions (Unchecked/Trusted.swift) check that the sizes match, in every build.
  @usableFromInline typealias TagBits = (UInt64, UInt64, UInt8)

  @inlinable
  init(_ key: borrowing DefinitionKey) {
    type = key.type
    argumentsType = key.argumentsType
    tagBits = key.tagSlot.borrowedBits
  }

  /// The key, its tag retained again.
  @usableFromInline
  var key: DefinitionKey {
    DefinitionKey(type: type, argumentsType: argumentsType, tagSlot: TagSlot(borrowedBits: tagBits))
  }
}
