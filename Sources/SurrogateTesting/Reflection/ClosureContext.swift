// INVARIANT: (unsafe) reads a closure's context, the runtime's heap object that holds its captures.
//
// Invariants, each checked by a test in ReferenceWalkerTests:
// - Only the closure in a stored property is read, at that property's address, while the object
//   or struct holding it is alive (the walker holds it): its context is a live heap object.
// - A closure of one strong capture uses the captured object itself as its context; only then is
//   the context taken as an object (its metadata kind says it is a class instance).
// - Any other context is a block of words read within its allocation (`malloc_usable_size`), and
//   a word is only compared with the addresses of objects the caller holds (`known`): it is never
//   followed. An integer that happens to equal such an address is taken for a capture; the
//   checked object is alive anyway, so this can only lengthen the path a report names.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a stored closure captures, as far as the runtime lets it be read.
enum ClosureContext {
  /// The result of ``read(at:of:known:)``.
  enum Reading {
    /// The property does not hold a closure of the Swift calling convention.
    case notAClosure
    /// A `nil` optional closure, or a closure that captures nothing.
    case capturesNothing
    /// The captured objects that could be recognised; `isComplete` when that is all of them.
    case captures([AnyObject], isComplete: Bool)
  }

  // The runtime's metadata kinds (swift/ABI/MetadataKind.def).
  private static let optionalKind: UInt = 0x202
  private static let functionKind: UInt = 0x302
  private static let closureContextKind: UInt = 0x400
  private static let boxKind: UInt = 0x500
  /// Kinds above this are Objective-C isa pointers: a class instance.
  private static let lastEnumeratedKind: UInt = 0x7FF

  /// Reads the closure stored at `address` in a property of type `type`.
  ///
  /// - Parameters:
  ///   - address: Where the property's value is stored.
  ///   - type: The property's type: a closure, or an optional one, is read.
  ///   - known: The object at an address, when the caller holds it.
  static func read(at address: UnsafeRawPointer, of type: Any.Type, known: (UInt) -> AnyObject?) -> Reading {
    guard isThickFunction(type) || isThickFunction(wrappedType(ofOptional: type)) else { return .notAClosure }
    let function = address.load(as: UInt.self)
    let context = address.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    guard function != 0, let context = UnsafeRawPointer(bitPattern: context) else { return .capturesNothing }
    let kind = context.load(as: UnsafeRawPointer.self).load(as: UInt.self)
    if kind == 0 || kind > lastEnumeratedKind {
      return .captures([Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()], isComplete: true)
    }
    guard kind == closureContextKind || kind == boxKind, let size = allocationSize(context) else {
      return .captures([], isComplete: false)
    }
    let header = 2 * MemoryLayout<UInt>.size
    var found: [AnyObject] = []
    for offset in stride(from: header, through: size - MemoryLayout<UInt>.size, by: MemoryLayout<UInt>.size) {
      let word = context.load(fromByteOffset: offset, as: UInt.self)
      if word != 0, let object = known(word), !found.contains(where: { $0 === object }) { found.append(object) }
    }
    return .captures(found, isComplete: false)
  }

  private static func kind(of type: Any.Type) -> UInt {
    unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
  }

  /// A closure with a context: Swift convention, two words (not `@convention(c)`, not thin, not
  /// `@isolated(any)`, which has more).
  private static func isThickFunction(_ type: Any.Type?) -> Bool {
    guard let type, kind(of: type) == functionKind else { return false }
    func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
    return _openExistential(type, do: size) == 2 * MemoryLayout<UInt>.size
  }

  /// `Wrapped` when `type` is `Optional<Wrapped>`: the first generic argument of its metadata.
  private static func wrappedType(ofOptional type: Any.Type) -> Any.Type? {
    guard kind(of: type) == optionalKind else { return nil }
    let wrapped = unsafeBitCast(type, to: UnsafePointer<UnsafeRawPointer>.self)[2]
    return unsafeBitCast(wrapped, to: Any.Type.self)
  }

  private typealias AllocationSize = @convention(c) (UnsafeRawPointer) -> Int

  /// `malloc_usable_size` (glibc, musl) or `malloc_size` (Darwin), looked up once: the C
  /// libraries' modules do not all export it.
  private static let allocationSizeFunction: AllocationSize? = {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
      let name = "malloc_size"
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
      let name = "malloc_usable_size"
    #endif
    return dlsym(handle, name).map { unsafeBitCast($0, to: AllocationSize.self) }
  }()

  private static func allocationSize(_ pointer: UnsafeRawPointer) -> Int? {
    allocationSizeFunction.map { $0(pointer) }
  }
}
