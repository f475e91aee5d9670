/// A protection proxy: asks a policy before each forwarded call.
///
/// A denied call never crashes. It is reported through one documented channel:
/// - a `throws` requirement throws ``ProxyError/Code/accessDenied``;
/// - any other requirement does not reach the subject: `Void` calls do nothing, `Optional` results
///   are `nil`, other results come from the protocol's fallback; and `onDenied` is told.
///
/// A policy written as `access.isMutating ? .deny(...) : .allow` fails closed: every call counts as
/// mutating unless it is known to only read (a getter, or a method the protocol marks
/// `@ReadOnly`), see ``ProxyAccess``.
///
/// ```swift
/// extension ProtectionProxy: FavouritesStore where Subject: FavouritesStore {}
///
/// let store = ProtectionProxy(LocalFavourites(), policy: { access in
///   access.isMutating && !session.isCurator ? .deny("only curators may edit favourites") : .allow
/// })
/// try store.add(id: 11007)   // throws ProxyError.accessDenied for visitors
/// ```
public final class ProtectionProxy<Subject>: Proxy {
  /// What the policy decides for one call.
  ///
  /// ```swift
  /// policy: { access in access.isMutating ? .deny("read-only") : .allow }
  /// ```
  public enum Decision: Sendable, Equatable {
    /// Forward the call.
    case allow
    /// Refuse the call, saying why.
    case deny(String)
  }

  let protected: Shared<Subject>
  let policy: @Sendable (ProxyAccess) -> Decision
  let onDenied: @Sendable (ProxyError) -> Void

  /// Wraps a subject behind a policy.
  ///
  /// ```swift
  /// let proxy = ProtectionProxy(store, policy: { _ in .allow })
  /// ```
  ///
  /// - Parameters:
  ///   - subject: The object to protect.
  ///   - policy: Decides each forwarded call.
  ///   - onDenied: Told about every denied call, throwing or not (logging, metrics).
  public init(
    _ subject: Subject, policy: @escaping @Sendable (ProxyAccess) -> Decision,
    onDenied: @escaping @Sendable (ProxyError) -> Void = { _ in }
  ) {
    self.protected = Shared(subject)
    self.policy = policy
    self.onDenied = onDenied
  }

  /// Calls `body` with the subject when the policy allows the call; reports a denial to
  /// `onDenied` and returns `false` otherwise.
  @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool {
    guard case .allow = decide(access) else { return false }
    try body(protected.value)
    return true
  }

  /// The subject when the policy allows the call; ``ProxyError/Code/accessDenied`` otherwise.
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject {
    if case .deny(let reason) = decide(access) {
      throw ProxyError(.accessDenied, access: access, message: reason)
    }
    return protected.value
  }

  private func decide(_ access: ProxyAccess) -> Decision {
    let decision = policy(access)
    if case .deny(let reason) = decision { onDenied(ProxyError(.accessDenied, access: access, message: reason)) }
    return decision
  }
}

/// A `ProtectionProxy` crosses isolation domains only when its subject may: every call it allows
/// reaches the same subject.
///
/// ```swift
/// let store: any FavouritesStore & Sendable = ProtectionProxy(LocalFavourites(), policy: { _ in .allow })
/// ```
extension ProtectionProxy: Sendable where Subject: Sendable {}
