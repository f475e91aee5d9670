#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: addresses are kept as integers and compared, never dereferenced; the thread-specific
// value holds an integer in its pointer slot, nothing allocated.
// - The two AddressSanitizer functions are looked up with `dlsym` (never linked by name) and
//   bit-cast to their C signatures from the sanitizer's public header, `sanitizer/asan_interface.h`
//   (the same on every platform it supports). They are given the marker's address only to be told
//   which real stack frame it stands for, and read nothing through it. Nil-safe: without the
//   sanitizer `dlsym` finds neither, `functions` is `nil`, and an address is taken as it is. Tests:
//   SmallStackTests, in the release AddressSanitizer build of CI (`.ci/run`) and here without it.
// - `pthread_getattr_np` (Glibc and Musl only) is declared with `@_silgen_name`, since the Glibc
//   module does not import this GNU extension: the declaration assumes its C signature,
//   `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, and that the Swift calling convention
//   passes an integer or pointer and a pointer, and returns an `Int32`, as C does (true on x86_64
//   and arm64, the platforms the package builds on). Its result is checked; on failure the
//   stack's end is unknown and graphs are not stopped by it (`bytesLeftWithinReserve` is `nil`),
//   only by the depth limit. Tests: SmallStackTests, on Linux.

/// How much stack the calling thread has left, so that a deep graph stops with
/// `depthLimitExceeded` before it overflows a small stack (a secondary thread on Apple platforms
/// has 512 KiB).
///
/// A graph checks from ``firstCheckedDepth`` on, once per new depth: shallow graphs never look.
/// Measured per link of a chain of definitions resolved through `r.resolve` (a factory's frames
/// and the container's), on x86_64 Linux with Swift 6.3.1: about 8.6 KiB in debug, 2.6 KiB in
/// release and 19 KiB under AddressSanitizer. The reserve (``reserve(forStackSize:)``) covers
/// several links and the factory that is running, and is smaller on a smaller stack.
///
/// ```swift
/// if let left = StackBounds.bytesLeftWithinReserve() { /* stop: `left` bytes remain */ }
/// ```
///
/// NB: the thread's lowest stack address and the floor its reserve sets are asked for once per
/// thread (on Linux that can read `/proc/self/maps` for the main thread) and kept under two
/// thread-specific keys, as integers only: nothing is allocated and nothing dereferenced. A check
/// reads the floor only (one read, as when the reserve was the same everywhere).
@usableFromInline
package enum StackBounds {
  /// The depth from which graphs check the stack.
  @usableFromInline static var firstCheckedDepth: Int { 16 }

  /// The stack a graph keeps unused on a thread whose stack is `size` bytes: an eighth of it,
  /// between 32 and 128 KiB. An 8 MiB stack keeps 128 KiB (seven debug links, six under
  /// AddressSanitizer); Apple's 512 KiB secondary threads keep 64 KiB, so a debug build gets about
  /// 50 links deep there instead of 44 (`SmallStackTests`).
  package static func reserve(forStackSize size: Int) -> Int {
    min(128 * 1024, max(32 * 1024, size / 8))
  }

  /// The bytes left on the calling thread's stack when it is within its reserve of the end;
  /// `nil` while it is not (or when the system does not say where the stack ends). One
  /// thread-specific read (the lowest address a graph may reach) and the current position.
  @inline(__always)
  static func bytesLeftWithinReserve() -> Int? {
    guard let floor = floorAddress() else { return nil }
    let position = currentPosition()
    guard position < floor else { return nil }
    let low = UInt(bitPattern: pthread_getspecific(lowKey))
    return Int(bitPattern: position) - Int(bitPattern: low)
  }

  /// The calling thread's reserve (128 KiB when the system does not say how large its stack is).
  package static func reserve() -> Int {
    guard let floor = floorAddress() else { return reserve(forStackSize: .max) }
    return Int(bitPattern: floor) - Int(bitPattern: UInt(bitPattern: pthread_getspecific(lowKey)))
  }

  private static let floorKey = makeKey()
  private static let lowKey = makeKey()

  private static func makeKey() -> pthread_key_t {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }

  /// The calling thread's current position on its real stack (AddressSanitizer's fake frames
  /// mapped back to the real ones), for the tests that measure a link's frames.
  @inline(never)
  package static func currentPosition() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { FakeStack.realAddress(of: UnsafeMutableRawPointer($0)) }
  }

  /// The lowest address a graph may reach on this thread (the stack's lowest usable address plus
  /// the reserve), asked for once per thread.
  @inline(__always)
  private static func floorAddress() -> UInt? {
    if let known = pthread_getspecific(floorKey) { return UInt(bitPattern: known) }
    return firstFloorAddress()
  }

  @inline(never)
  private static func firstFloorAddress() -> UInt? {
    guard let (low, size) = queryStack(), low != 0 else { return nil }
    pthread_setspecific(lowKey, UnsafeRawPointer(bitPattern: low))
    let floor = low + UInt(reserve(forStackSize: size))
    pthread_setspecific(floorKey, UnsafeRawPointer(bitPattern: floor))
    return floor
  }

  /// The lowest usable address of the calling thread's stack and the stack's size in bytes.
  private static func queryStack() -> (low: UInt, size: Int)? {
    #if canImport(Darwin)
      // Assumes what Apple's pthread(3) says: the stack address is the stack's top (highest
      // address) and the stack grows down from it by the stack size.
      let thread = pthread_self()
      let size = pthread_get_stacksize_np(thread)
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      return (top - UInt(size), size)
    #else
      var attributes = pthread_attr_t()
      guard getThreadAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
      // NB: glibc puts the guard page inside the reported stack; a page more keeps clear of it.
      return (UInt(bitPattern: address) + UInt(getpagesize()), size)
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
