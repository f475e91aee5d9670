import Synchronization

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
public final class LazyProxy<Subject>: Proxy, Sendable {
  private let make: @Sendable () throws -> Subject
  /// The created subject: after creation, every use is one atomic load.
  private let created = AtomicShared<Subject>()
  /// The thread running the factory, to report a re-entrant use instead of deadlocking.
  private let creatingThread = Atomic<UInt>(0)
  // NB: creation runs under this proxy's own lock: only users of this proxy wait for it, which
  // is what exactly-once means.
  private let creation = Mutex<Void>(())

  /// Creates a proxy that makes its subject with `make` on first use.
  ///
  /// ```swift
  /// let service = LazyProxy { try ExpensiveService() }
  /// ```
  public init(_ make: @escaping @Sendable () throws -> Subject) { self.make = make }

  /// Whether the subject has been created.
  ///
  /// ```swift
  /// #expect(!proxy.isCreated)
  /// ```
  public var isCreated: Bool { created.value != nil }

  /// The subject, created now if this is the first use.
  ///
  /// ```swift
  /// let index = try proxy.resolvedSubject()
  /// ```
  ///
  /// - Throws: ``ProxyError/Code/creationFailed`` with the factory's error as the cause.
  public func resolvedSubject() throws(ProxyError) -> Subject {
    try requireSubject(for: ProxyAccess("subject"))
  }

  /// Calls `body` with the subject, created on first use; `false` when creation fails.
  @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool {
    if let existing = created.value {
      try body(existing.value)
      return true
    }
    guard case .success(let subject) = create(for: access) else { return false }
    try body(subject)
    return true
  }

  /// The subject, created on first use, or ``ProxyError/Code/creationFailed``.
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject {
    if let existing = created.value { return existing.value }
    return try create(for: access).get()
  }

  private func create(for access: ProxyAccess) -> Result<Subject, ProxyError> {
    let thread = currentThreadID()
    if creatingThread.load(ordering: .acquiring) == thread {
      return .failure(
        ProxyError(.creationFailed, access: access, message: "\(Subject.self)'s factory used the proxy it is creating"))
    }
    return creation.withLock(owner: self) { _ -> Result<Subject, ProxyError> in
      if let existing = created.value { return .success(existing.value) }
      creatingThread.store(thread, ordering: .releasing)
      defer { creatingThread.store(0, ordering: .releasing) }
      do {
        let made = Shared(try make())
        created.publish(made)
        return .success(made.value)
      } catch {
        return .failure(
          ProxyError(.creationFailed, access: access, message: "creating \(Subject.self) failed: \(error)", cause: error))
      }
    }
  }
}
