#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: the function pointer from `dlsym` is bit-cast to the runtime's own C signature of
// `swift_getExistentialMetatypeMetadata`; only type metadata (never freed) passes through it.

/// Answers "does registered type `X` conform to requested protocol `P`?" for error hints, when only
/// the two metatypes are known at run time.
///
/// Swift has no public way to turn `(any P).self` into `any P.Type` at run time, so this asks the
/// runtime's exported `swift_getExistentialMetatypeMetadata` for it, looked up with `dlsym` (never
/// linked by name). Where the symbol cannot be found (a statically linked runtime), `conforms`
/// answers `nil` and the error simply has no such hint. Used only to build error messages.
enum ConformanceProbe {
  private typealias ExistentialMetatype = @convention(c) (UnsafeRawPointer) -> UnsafeRawPointer

  private static let existentialMetatype: ExistentialMetatype? = {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(handle, "swift_getExistentialMetatypeMetadata") else { return nil }
    return unsafeBitCast(symbol, to: ExistentialMetatype.self)
  }()

  /// Whether `implementation` is `requested` or conforms to (or inherits from) it; `nil` when the
  /// runtime cannot be asked.
  static func conforms(_ implementation: Any.Type, to requested: Any.Type) -> Bool? {
    guard let existentialMetatype else { return nil }
    let metatype = unsafeBitCast(
      existentialMetatype(unsafeBitCast(requested, to: UnsafeRawPointer.self)), to: Any.Type.self)
    func check<Metatype>(_: Metatype.Type) -> Bool { (implementation as Any) is Metatype }
    return check(metatype)
  }
}
