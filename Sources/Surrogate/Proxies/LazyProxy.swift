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
  private enum State {
    case pending
    case creating(thread: UInt)
    case created(Shared<Subject>)
  }

  private let make: @Sendable () throws -> Subject
  // NB: creation runs under this proxy's own lock: only users of this proxy wait for it, which
  // is what exactly-once means; a re-entrant use from the factory is reported, not deadlocked.
  private let state = Mutex<State>(.pending)
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
  public var isCreated: Bool {
    state.withLock { if case .created = $0 { true } else { false } }
  }

  /// The subject, created now if this is the first use.
  ///
  /// ```swift
  /// let index = try proxy.resolvedSubject()
  /// ```
  ///
  /// - Throws: ``ProxyError/Code/creationFailed`` with the factory's error as the cause.
  public func resolvedSubject() throws(ProxyError) -> Subject {
    try subject(for: ProxyAccess("subject")).get()
  }

  /// The subject for a forwarded call, created on first use.
  public func subject(for access: ProxyAccess) -> Result<Subject, ProxyError> {
    if let created = existing { return .success(created.value) }
    let thread = currentThreadID()
    let reentrant = state.withLock { state -> Bool in
      if case .creating(let owner) = state, owner == thread { return true }
      return false
    }
    if reentrant {
      return .failure(
        ProxyError(.creationFailed, access: access, message: "\(Subject.self)'s factory used the proxy it is creating"))
    }
    return creation.withLock { _ -> Result<Subject, ProxyError> in
      if let created = existing { return .success(created.value) }
      state.withLock { $0 = .creating(thread: thread) }
      do {
        let made = Shared(try make())
        state.withLock { $0 = .created(made) }
        return .success(made.value)
      } catch {
        state.withLock { $0 = .pending }
        return .failure(
          ProxyError(.creationFailed, access: access, message: "creating \(Subject.self) failed: \(error)", cause: error))
      }
    }
  }

  private var existing: Shared<Subject>? {
    state.withLock { if case .created(let made) = $0 { made } else { nil } }
  }
}
