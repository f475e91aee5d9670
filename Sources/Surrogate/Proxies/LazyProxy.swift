import Synchronization

// INVARIANT: see CreationState.swift (the subject, retained once by the proxy, borrowed by each
// forwarded call while the proxy is held).

/// A virtual proxy: creates its subject on first use, exactly once, even when several threads
/// use it first at the same time.
///
/// ```swift
/// extension LazyProxy: IngredientIndex where Subject: IngredientIndex {}
///
/// let index: any IngredientIndex = LazyProxy { FullTextIndex(cocktails: catalogue) }
/// index.search("lime")     // builds the index now, once
/// ```
///
/// If creation throws, the error is not kept: the next use tries again. A forwarded call that
/// cannot get a subject behaves as ``Proxy`` documents (a `throws` call throws
/// ``ProxyError/Code/creationFailed`` with the cause).
///
/// The subject is an object (the expensive thing a virtual proxy stands in for): a forwarded call
/// borrows it from the proxy, which holds it until its `deinit`, so a call after the first use
/// costs one atomic load and the call. (For any subject type, a call would have to copy the
/// subject out of the proxy's memory: a retain and a release, 10 ns more a call, measured.)
public final class LazyProxy<Subject: AnyObject>: Proxy {
  private let make: @Sendable () throws -> Subject
  /// Where the created subject is published: its address, retained once by the proxy (see
  /// ``CreationState/subject``).
  ///
  /// NB: the subject is not a field of this generic class, nor in a generic box: the conditional
  /// conformances that forward to a proxy run unspecialized code, where reading an optional or a
  /// box of `Subject` cost a metadata lookup in the runtime on every call.
  @usableFromInline let state = CreationState()

  /// Creates a proxy that makes its subject with `make` on first use.
  ///
  /// ```swift
  /// let service = LazyProxy { try ExpensiveService() }
  /// ```
  public init(_ make: @escaping @Sendable () throws -> Subject) { self.make = make }

  /// The subject, if it has been created, unretained: the proxy holds it.
  @inlinable @inline(__always)
  var created: Unretained<Subject>? { state.created(as: Subject.self) }

  /// The subject, if it has been created, as a strong reference (for leak checks).
  var createdSubject: Subject? { created?.object }

  /// Whether the subject has been created.
  ///
  /// ```swift
  /// #expect(!proxy.isCreated)
  /// ```
  public var isCreated: Bool { state.isCreated }

  /// The subject, created now if this is the first use.
  ///
  /// ```swift
  /// let index = try proxy.resolvedSubject()
  /// ```
  ///
  /// - Throws: ``ProxyError/Code/creationFailed`` with the factory's error as the cause.
  public func resolvedSubject() throws(ProxyError) -> Subject {
    try requireSubject(for: ProxyAccess("subject", isMutating: false))
  }

  /// Calls `body` with the subject, created on first use; `false` when creation fails.
  ///
  /// NB: always inlined, with `body` called in one place and only the first use out of line: a
  /// forwarded call after the first use compiles to one atomic load and the call, with the
  /// subject borrowed, and the forwarding closure is inlined, so the caller builds no closure
  /// context (which, in a conformance's generic witness, costs a witness-table lookup in the
  /// runtime per call).
  @inlinable @inline(__always) @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool {
    guard let subject = created ?? createdOnFirstUse(for: access) else { return false }
    try subject.withObject { try body($0) }
    return true
  }

  /// The first use: creates the subject and returns where it lives, or `nil` when creation fails.
  ///
  /// NB: out of line so that the metadata of the `Result` it switches over is not looked up on
  /// every call of `withSubject`.
  @usableFromInline @inline(never)
  func createdOnFirstUse(for access: ProxyAccess) -> Unretained<Subject>? {
    guard case .success = create(for: access) else { return nil }
    return created
  }

  /// The subject, created on first use, or ``ProxyError/Code/creationFailed``.
  @inlinable @inline(__always)
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject {
    if let created { return created.object }
    return try createOnFirstUse(for: access)
  }

  /// The first use of ``requireSubject(for:)``: creates the subject, or throws why it could not.
  @usableFromInline @inline(never)
  func createOnFirstUse(for access: ProxyAccess) throws(ProxyError) -> Subject {
    try create(for: access).get()
  }

  @usableFromInline
  func create(for access: ProxyAccess) -> Result<Subject, ProxyError> {
    let thread = currentThreadID()
    if state.creatingThread.load(ordering: .acquiring) == thread {
      return .failure(
        ProxyError(.creationFailed, access: access, message: "\(Subject.self)'s factory used the proxy it is creating"))
    }
    // NB: the lock hands out only the failure (a `Sendable` error): the subject is read from where
    // it was published, so a subject that is not `Sendable` never crosses the lock's boundary.
    let failure = state.lock.withLock(owner: state) { _ -> ProxyError? in
      if created != nil { return nil }
      state.creatingThread.store(thread, ordering: .releasing)
      defer { state.creatingThread.store(0, ordering: .releasing) }
      do {
        state.publish(try make())
        return nil
      } catch {
        return ProxyError(
          .creationFailed, access: access, message: "creating \(Subject.self) failed: \(error)", cause: error)
      }
    }
    if let failure { return .failure(failure) }
    return .success(created!.object)
  }
}

/// A `LazyProxy` crosses isolation domains only when its subject may: it hands the same subject to
/// every thread that uses it.
///
/// ```swift
/// let index: any IngredientIndex & Sendable = LazyProxy { FullTextIndex() }  // FullTextIndex: Sendable
/// ```
extension LazyProxy: Sendable where Subject: Sendable {}
