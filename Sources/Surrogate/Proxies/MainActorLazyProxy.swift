/// A virtual proxy for a main-actor subject: creates it on the main actor, on first use.
///
/// ``LazyProxy`` makes its subject with a non-isolated closure, from whichever thread uses it
/// first, so it cannot make a view or anything else isolated to the main actor. This proxy is
/// itself isolated to the main actor, and so is its conformance to ``Proxy``: Swift checks at
/// compile time that it is created and used there, and code elsewhere reaches it with `await`.
///
/// ```swift
/// extension MainActorLazyProxy: DetailView where Subject: DetailView {}
///
/// @MainActor func showDetail() {
///   let detail: any DetailView = MainActorLazyProxy { DetailViewController() }
///   detail.show("Mojito")  // makes the view controller now, once
/// }
/// ```
///
/// If creation throws, the error is not kept: the next use tries again. A forwarded call that
/// cannot get a subject behaves as ``Proxy`` documents (a `throws` call throws
/// ``ProxyError/Code/creationFailed`` with the cause); so does a factory that uses the proxy it
/// is creating.
@MainActor
public final class MainActorLazyProxy<Subject: AnyObject>: @MainActor Proxy {
  private let make: @MainActor () throws -> Subject
  private var subject: Subject?
  private var isCreating = false

  /// Creates a proxy that makes its subject with `make`, on the main actor, on first use.
  ///
  /// ```swift
  /// let detail = MainActorLazyProxy { DetailViewController() }
  /// ```
  public init(_ make: @escaping @MainActor () throws -> Subject) { self.make = make }

  /// Whether the subject has been made.
  ///
  /// ```swift
  /// print(detail.isCreated)  // false until the first forwarded call
  /// ```
  public var isCreated: Bool { subject != nil }

  /// The subject, made now if it was not yet.
  ///
  /// ```swift
  /// let controller = try detail.resolvedSubject()
  /// ```
  ///
  /// - Throws: ``ProxyError/Code/creationFailed`` when the factory throws.
  public func resolvedSubject() throws(ProxyError) -> Subject {
    try requireSubject(for: ProxyAccess("subject", isMutating: false))
  }

  /// Runs `body` with the subject, made now if it was not yet; returns `false` without running
  /// it when the subject cannot be made.
  ///
  /// ```swift
  /// detail.withSubject(for: ProxyAccess("show(_:)")) { $0.show("Mojito") }
  /// ```
  @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool {
    guard let subject = try? requireSubject(for: access) else { return false }
    try body(subject)
    return true
  }

  /// The subject, made now if it was not yet.
  ///
  /// ```swift
  /// let controller = try detail.requireSubject(for: ProxyAccess("show(_:)"))
  /// ```
  ///
  /// - Throws: ``ProxyError/Code/creationFailed`` when the factory throws or uses this proxy.
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject {
    if let subject { return subject }
    guard !isCreating else {
      throw ProxyError(
        .creationFailed, access: access, message: "\(Subject.self)'s factory used the proxy it is creating")
    }
    isCreating = true
    defer { isCreating = false }
    do {
      let made = try make()
      subject = made
      return made
    } catch {
      throw ProxyError(
        .creationFailed, access: access, message: "creating \(Subject.self) failed: \(error)", cause: error)
    }
  }
}
