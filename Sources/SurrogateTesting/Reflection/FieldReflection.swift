#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: the `dlsym` function pointers are bit-cast to the runtime's C signatures (pointers and
// integers only); the runtime fills `RawField` on our stack, its name is copied and then freed with
// the runtime's `freeName`; only type metadata (never freed) passes otherwise.

/// The stored properties of a class or struct type, with whether each holds a strong reference.
///
/// The leak checks walk an object's references with it. (Auto-injection needs no more than the
/// standard library's `_forEachField` tells: the runtime keeps no dynamic lookup.)
///
/// `Mirror` cannot tell `weak var` or `unowned let` from a strong `var`; the runtime's field
/// metadata can. This wraps the three runtime entry points the standard library's own reflection
/// uses (`swift_reflectionMirror_recursiveCount`, `…recursiveChildOffset`,
/// `…recursiveChildMetadata`), looked up with `dlsym` rather than linked by name (the names are
/// reserved for the runtime). They take and return only pointers and integers, which the Swift
/// and C calling conventions pass alike. Where they cannot be found, ``fields(of:)`` answers
/// `nil` and callers report "path unknown" rather than guess.
///
/// "Recursive" means superclass fields are included, after the subclass's own ones.
package struct FieldReflection {
  package struct Field: Equatable {
    package let name: String
    package let offset: Int
    package let type: Any.Type
    /// `false` for `weak`, `unowned` and `unowned(unsafe)` stored properties.
    package let isStrong: Bool
    package let isVar: Bool

    package static func == (lhs: Field, rhs: Field) -> Bool {
      lhs.name == rhs.name && lhs.offset == rhs.offset && lhs.type == rhs.type && lhs.isStrong == rhs.isStrong
        && lhs.isVar == rhs.isVar
    }
  }

  /// The layout of the runtime's `_FieldReflectionMetadata`.
  private struct RawField {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
  }

  private typealias Count = @convention(c) (UnsafeRawPointer) -> Int
  private typealias Offset = @convention(c) (UnsafeRawPointer, Int) -> Int
  private typealias ChildMetadata = @convention(c) (UnsafeRawPointer, Int, UnsafeMutableRawPointer) -> UnsafeRawPointer

  private struct Runtime {
    let count: Count
    let offset: Offset
    let childMetadata: ChildMetadata
  }

  private static let runtime: Runtime? = {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let count = dlsym(handle, "swift_reflectionMirror_recursiveCount"),
      let offset = dlsym(handle, "swift_reflectionMirror_recursiveChildOffset"),
      let child = dlsym(handle, "swift_reflectionMirror_recursiveChildMetadata")
    else { return nil }
    return Runtime(
      count: unsafeBitCast(count, to: Count.self), offset: unsafeBitCast(offset, to: Offset.self),
      childMetadata: unsafeBitCast(child, to: ChildMetadata.self))
  }()

  /// The stored properties of a class or struct type; `nil` when the runtime cannot be asked.
  package static func fields(of type: Any.Type) -> [Field]? {
    guard let runtime else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return (0..<runtime.count(metadata)).map { index in
      var raw = RawField()
      let fieldType = withUnsafeMutablePointer(to: &raw) { pointer in
        unsafeBitCast(runtime.childMetadata(metadata, index, UnsafeMutableRawPointer(pointer)), to: Any.Type.self)
      }
      let name = raw.name.map { String(cString: $0) } ?? "\(index)"
      if let free = raw.freeName { free(raw.name) }
      return Field(
        name: name, offset: runtime.offset(metadata, index), type: fieldType, isStrong: raw.isStrong,
        isVar: raw.isVar)
    }
  }
}
