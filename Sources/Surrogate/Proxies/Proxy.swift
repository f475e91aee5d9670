// INVARIANT: the async `forward` default hands the subject to `body` through `handedOver(_:)`
// (Unchecked/Trusted.swift), without the check the compiler would fail for a subject that is not
// `Sendable`. It holds because the call never runs alongside its caller: `forward` runs in the
// caller's isolation (`nonisolated(nonsending)`), `body` is neither `@Sendable` nor escaping, and
// it is awaited before `forward` returns, so the caller, suspended meanwhile, does not touch the
// subject while `body` does (the library's proxies are `Sendable` only where their subject is, so
// no other task holds a subject that is not). `body` is the forwarding closure `@Proxyable` writes
// in the caller's isolation. Tests: the async forwarding tests of SurrogateMacrosTests, under
// ThreadSanitizer in CI.

/// The one protocol every proxy kind adopts: forwarding code asks it for the subject of each call.
///
/// A protocol's forwarding is written once, as defaults on `extension P where Self: Proxy,
/// Subject: P` (the `@Proxyable` macro generates them), and then every proxy kind conforms with a
/// single line:
///
/// ```swift
/// protocol ListView: AnyObject { func display(_ items: [String]) }
///
/// extension ListView where Self: Proxy, Self.Subject: ListView {
///   @inline(__always) func display(_ items: [String]) {
///     withSubject(for: ProxyAccess("display(_:)")) { $0.display(items) }
///   }
/// }
///
/// extension WeakRefProxy: ListView where T: ListView {}
/// extension LazyProxy: ListView where Subject: ListView {}
/// ```
///
/// How a forwarded call behaves when there is no subject to call (a weak reference's object is
/// gone, access is denied, a lazy subject failed to build):
/// - a `Void` call does nothing, and an `Optional` result is `nil`;
/// - a `throws` call throws the ``ProxyError``;
/// - any other call needs a fallback value from the protocol (the macro asks for one).
public protocol Proxy<Subject>: AnyObject {
  /// What the proxy stands in for.
  associatedtype Subject

  /// Calls `body` with the subject of one forwarded call; returns `false`, without calling it,
  /// when the call cannot reach a subject.
  ///
  /// The fast path of forwarding: no generic value is returned, so a call through a proxy costs
  /// little more than the call itself.
  ///
  /// ```swift
  /// func display(_ items: [String]) { withSubject(for: ProxyAccess("display(_:)")) { $0.display(items) } }
  /// func title() -> String? {
  ///   var title: String?
  ///   withSubject(for: ProxyAccess("title()")) { title = $0.title() }
  ///   return title
  /// }
  /// ```
  @discardableResult
  func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool

  /// The subject of one forwarded call, or the ``ProxyError`` saying why there is none: the path of
  /// a `throws` requirement.
  ///
  /// ```swift
  /// func add(_ name: String) throws { try requireSubject(for: ProxyAccess("add(_:)")).add(name) }
  /// ```
  func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject

  /// Calls `body` with the subject of one forwarded call that throws, and returns what it returns:
  /// the path of a `throws` requirement, which sees the call end.
  ///
  /// The default asks ``requireSubject(for:)`` and calls `body`; an ``InterceptingProxy`` runs its
  /// interceptors around `body`.
  ///
  /// ```swift
  /// func add(_ name: String) throws { try forward(ProxyAccess("add(_:)")) { try $0.add(name) } }
  /// ```
  ///
  /// - Throws: The ``ProxyError`` when the call cannot reach a subject, or what `body` throws.
  func forward<Result>(_ access: ProxyAccess, _ body: (Subject) throws -> Result) throws -> Result

  /// Calls `body` with the subject of one forwarded `async` call, on the caller's executor, and
  /// returns what it returns.
  ///
  /// The default asks ``requireSubject(for:)`` and awaits `body`; an ``InterceptingProxy`` runs its
  /// interceptors around it.
  ///
  /// ```swift
  /// func load() async throws -> [String] { try await forward(ProxyAccess("load()")) { try await $0.load() } }
  /// func refresh() async { _ = try? await forward(ProxyAccess("refresh()")) { await $0.refresh() } }
  /// ```
  ///
  /// - Throws: The ``ProxyError`` when the call cannot reach a subject, or what `body` throws.
  nonisolated(nonsending) func forward<Result>(
    _ access: ProxyAccess, _ body: (Subject) async throws -> Result
  ) async throws -> Result

  /// Whether the proxy holds its subject weakly, so that it cannot close a retain cycle. The
  /// container's graph export draws such forwardings as weak edges.
  static var holdsSubjectWeakly: Bool { get }
}

extension Proxy {
  /// `false`: proxies hold their subject strongly unless they say otherwise.
  public static var holdsSubjectWeakly: Bool { false }

  /// Calls `body` with ``requireSubject(for:)``'s subject.
  ///
  /// ```swift
  /// let total = try proxy.forward(ProxyAccess("total()")) { try $0.total() }
  /// ```
  @inlinable @inline(__always)
  public func forward<Result>(_ access: ProxyAccess, _ body: (Subject) throws -> Result) throws -> Result {
    try body(requireSubject(for: access))
  }

  /// Awaits `body` with ``requireSubject(for:)``'s subject, on the caller's executor.
  ///
  /// ```swift
  /// let items = try await proxy.forward(ProxyAccess("load()")) { try await $0.load() }
  /// ```
  @inlinable @inline(__always)
  nonisolated(nonsending) public func forward<Result>(
    _ access: ProxyAccess, _ body: (Subject) async throws -> Result
  ) async throws -> Result {
    // NB: `body` is the forwarding closure `@Proxyable` writes in the caller's own isolation (so
    // it can call an `async` requirement of a non-`Sendable` subject, as the forwarding default
    // itself did before); the compiler cannot see that, so it would refuse to pass it the subject.
    let subject = handedOver(try requireSubject(for: access))
    return try await body(subject)
  }
}

/// One forwarded call, as the proxy's policy sees it.
///
/// A call counts as mutating unless it is known to only read: a getter, or a method requirement
/// the protocol marks `@ReadOnly`. So a policy written the natural way
/// (`access.isMutating ? .deny(...) : .allow`) fails closed: a method nobody declared read-only
/// is denied, never let through by mistake.
///
/// ```swift
/// let access = ProxyAccess("delete(id:)")                  // may change state
/// let read = ProxyAccess("title", isMutating: false)       // only reads
/// ```
public struct ProxyAccess: Hashable, Sendable, CustomStringConvertible {
  /// The requirement being called, as Swift spells its name: `delete(id:)`, `title`.
  public let requirement: String
  /// The requirement with its parameter types, which tells overloads apart: `show(_: Int)`
  /// and `show(_: String)` are both `show(_:)`. The same as ``requirement`` unless the proxy
  /// spelled it out (`@Proxyable` does for overloaded requirements).
  public let signature: String
  /// Whether the call may change state: `true` unless the requirement is known to only read (a
  /// getter, or a method the protocol marks `@ReadOnly`).
  public let isMutating: Bool

  /// Describes a forwarded call; it counts as mutating unless `isMutating` says otherwise.
  ///
  /// ```swift
  /// ProxyAccess("add(_:)")
  /// ProxyAccess("title", isMutating: false)
  /// ProxyAccess("show(_:)", signature: "show(_: Int)", isMutating: false)
  /// ```
  public init(_ requirement: String, signature: String? = nil, isMutating: Bool = true) {
    self.requirement = requirement
    self.signature = signature ?? requirement
    self.isMutating = isMutating
  }

  /// The requirement's name.
  public var description: String { requirement }
}

/// Why a forwarded call could not reach its subject.
///
/// ```swift
/// do { try store.delete(id: 7) } catch let error as ProxyError where error.code == .accessDenied { ... }
/// ```
public struct ProxyError: Error, Sendable, CustomStringConvertible {
  /// The reason.
  ///
  /// ```swift
  /// if error.code == .subjectReleased { return }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// A weak proxy's object has been released.
    public static let subjectReleased = Code(name: "subjectReleased")
    /// A protection proxy's policy denied the call.
    public static let accessDenied = Code(name: "accessDenied")
    /// A lazy proxy could not create its subject; ``ProxyError/cause`` holds the error.
    public static let creationFailed = Code(name: "creationFailed")
    /// A weak proxy the container handed out to break a cycle between two initializers was used
    /// before the object it stands for was built.
    public static let subjectNotBound = Code(name: "subjectNotBound")
    /// The code's name.
    public var description: String { name }
  }

  /// The reason.
  public let code: Code
  /// The call that was refused.
  public let access: ProxyAccess
  /// What the policy said, or what went wrong.
  public let message: String
  /// The underlying error, for ``Code/creationFailed``.
  public let cause: (any Error)?

  /// Creates an error.
  ///
  /// ```swift
  /// ProxyError(.accessDenied, access: access, message: "only curators may edit favourites")
  /// ```
  public init(_ code: Code, access: ProxyAccess, message: String, cause: (any Error)? = nil) {
    self.code = code
    self.access = access
    self.message = message
    self.cause = cause
  }

  /// `accessDenied: delete(id:): only curators may edit favourites`.
  public var description: String { "\(code): \(access): \(message)" }
}
