/// A proxy or wrapper of this package that `SurrogateTesting`'s leak check sees through.
///
/// `LazyProxy` and `Lazy` keep what they made as a retained raw address, which reflection cannot
/// read, and `ProtectionProxy` keeps its subject in an internal box. The leak walker asks this
/// protocol instead, and prints a path through the proxy as the proxy alone:
/// `Holder.index → LazyProxy<Index> → Index.owner → Holder`.
package protocol LeakCheckTransparent: AnyObject {
  /// Everything the proxy holds strongly, for the leak walker; `nil` to have it read the proxy's
  /// stored properties instead.
  ///
  /// Read only by leak checks, after the scope that used the proxy has ended.
  nonisolated var strongContentsForLeakCheck: [Any]? { get }
}

extension LeakCheckTransparent {
  nonisolated package var strongContentsForLeakCheck: [Any]? { nil }
}

extension LazyProxy: LeakCheckTransparent {
  /// The subject once made; nothing before.
  ///
  /// NB: the factory is left out. Stored in a generic class, it is wrapped in a reabstraction
  /// thunk whose context the walker cannot read, so it would be reported as a possible holder
  /// even when it captures nothing.
  package var strongContentsForLeakCheck: [Any]? {
    guard let subject = createdSubject else { return [] }
    return [subject]
  }
}

extension Lazy: LeakCheckTransparent {
  /// The resolved instance, once resolved. (The container it resolves from is left out: it
  /// holds registrations, not the graph.)
  package var strongContentsForLeakCheck: [Any]? {
    guard let subject = resolvedSubject else { return [] }
    return [subject]
  }
}

extension ProtectionProxy: LeakCheckTransparent {
  /// The subject, the policy and the denial handler.
  package var strongContentsForLeakCheck: [Any]? { [protected.value, policy, onDenied] }
}

extension WeakRefProxy: LeakCheckTransparent {
  /// Nothing: the object is held weakly.
  package var strongContentsForLeakCheck: [Any]? { [] }
}

// The walker reads MainActorLazyProxy's stored properties (its subject is a plain optional).
extension MainActorLazyProxy: LeakCheckTransparent {}
