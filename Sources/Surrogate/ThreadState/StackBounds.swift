#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: addresses are kept as integers and compared, never dereferenced; the thread-specific
// value holds an integer in its pointer slot, nothing allocated. The two AddressSanitizer
// functions are looked up with `dlsym` and bit-cast to their C signatures (from the sanitizer's
// public header, `sanitizer/asan_interface.h`); they are given the marker's address only to be
// told which real stack frame it stands for, and read nothing through it.

/// How much stack the calling thread has left, so that a deep graph stops with
/// `depthLimitExceeded` before it overflows a small stack (a secondary thread on Apple platforms
/// has 512 KiB).
///
/// A graph checks from ``firstCheckedDepth`` on, once per new depth: shallow graphs never look.
/// Measured per link of a chain of definitions resolved through `r.resolve` (a factory's frames
/// and the container's), on x86_64 Linux with Swift 6.3.1: about 8.6 KiB in debug and 2.6 KiB in
/// release; the ``reserve`` covers several links and the factory that is running.
///
/// ```swift
/// if StackBounds.bytesLeft() < StackBounds.reserve { /* stop before the stack overflows */ }
/// ```
///
/// NB: the thread's lowest stack address is asked for once per thread (on Linux that can read
/// `/proc/self/maps` for the main thread) and kept under a thread-specific key, as an address
/// only: nothing is allocated and nothing dereferenced.
@usableFromInline
package enum StackBounds {
  /// The depth from which graphs check the stack.
  @usableFromInline static var firstCheckedDepth: Int { 16 }

  /// The stack a graph keeps unused: it stops when less than this is left.
  package static var reserve: Int { 128 * 1024 }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The bytes between the current stack position and the lowest address of the thread's
  /// stack, or `Int.max` when the system does not say.
  static func bytesLeft() -> Int {
    guard let low = lowestAddress() else { return .max }
    return Int(bitPattern: currentPosition()) - Int(bitPattern: low)
  }

  /// The calling thread's current position on its real stack (AddressSanitizer's fake frames
  /// mapped back to the real ones), for the tests that measure a link's frames.
  @inline(never)
  package static func currentPosition() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { FakeStack.realAddress(of: UnsafeMutableRawPointer($0)) }
  }

  private static func lowestAddress() -> UInt? {
    if let known = pthread_getspecific(key) { return UInt(bitPattern: known) }
    guard let low = queryLowestAddress(), low != 0 else { return nil }
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: low))
    return low
  }

  private static func queryLowestAddress() -> UInt? {
    #if canImport(Darwin)
      let thread = pthread_self()
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      return top - UInt(pthread_get_stacksize_np(thread))
    #else
      var attributes = pthread_attr_t()
      guard getThreadAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
      // NB: glibc puts the guard page inside the reported stack; a page more keeps clear of it.
      return UInt(bitPattern: address) + UInt(getpagesize())
    #endif
  }
}

#if !canImport(Darwin)
  // NB: a GNU extension (also in musl) that the Glibc module does not import; its C signature is
  // `int pthread_getattr_np(pthread_t, pthread_attr_t *)`.
  @_silgen_name("pthread_getattr_np")
  private func getThreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif

/// AddressSanitizer's fake stack, when the process runs under it.
///
/// NB: with `detect_stack_use_after_return` (AddressSanitizer's default on Linux), a local whose
/// address is taken lives in a heap-allocated fake frame, so its address says nothing about the
/// thread's stack: every graph deeper than ``StackBounds/firstCheckedDepth`` would seem to have
/// none left. The sanitizer maps a fake frame to the real frame it stands for. The functions are
/// looked up with `dlsym`, as ``ThreadSanitizer``'s are: without the sanitizer they are `nil` and
/// cost a branch. Assumes the signatures of `sanitizer/asan_interface.h`, the same on every
/// platform the sanitizer supports.
private enum FakeStack {
  private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias AddressIsInFakeStack =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

  private static let functions: (CurrentFakeStack, AddressIsInFakeStack)? = {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let current = dlsym(handle, "__asan_get_current_fake_stack"),
      let lookup = dlsym(handle, "__asan_addr_is_in_fake_stack")
    else { return nil }
    return (
      unsafeBitCast(current, to: CurrentFakeStack.self), unsafeBitCast(lookup, to: AddressIsInFakeStack.self)
    )
  }()

  /// The address on the thread's real stack that `address` stands for: `address` itself unless
  /// it is in one of AddressSanitizer's fake frames.
  static func realAddress(of address: UnsafeMutableRawPointer) -> UInt {
    guard let (current, lookup) = functions, let fakeStack = current(),
      let real = lookup(fakeStack, address, nil, nil)
    else { return UInt(bitPattern: address) }
    return UInt(bitPattern: real)
  }
}
