/// Something that watches a graph resolve: which definition asked for which, and what it made.
/// Used by graph export, captive-dependency checks and leak checks; `nil` on the hot path.
@usableFromInline
package protocol GraphObserver: AnyObject {
  /// `definition` (registered under its own key, with `scope`) was asked for as `requested`.
  func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope)
  /// `definition` starts building an instance: requests until `finishedBuilding` are its own.
  func startedBuilding(_ definition: DefinitionKey)
  /// `definition` finished (or failed) building.
  func finishedBuilding(_ definition: DefinitionKey)
  /// `requested` is a forwarded type resolved through `source`; `weakly` when the forwarding hands
  /// the instance out through a weak reference (a weak proxy).
  func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool)
  /// An instance was made for `requested`, in `scope`, along `path`.
  func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey])
  /// `definition`, of a scope the container keeps (a singleton, a custom scope), was requested
  /// and the container already keeps `instance` for it: the graph uses it, unless the request is
  /// made while another graph is making it.
  func usesKept(_ instance: Any, definition: DefinitionKey, scope: Scope)
  /// `requested`, a type forwarded weakly from `definition` while `definition` is still being
  /// constructed further up the path, was answered with a weak proxy bound once it is built.
  func requestedLateBound(_ requested: DefinitionKey, definition: DefinitionKey)
  /// The auto-injected weak property `property` (`@InjectedWeak`) of the definition being built
  /// requests `requested` (`isStarting`), or its request ended, answered or not.
  func injectsWeakly(_ requested: DefinitionKey, property: String, isStarting: Bool)
  /// The last request of `path` has no tag although its type is registered with `tag`, which
  /// stopped at the request at `stoppedAt`: a `resolve` without `tag:` in the code of the
  /// definition before it, requested with `tag`, did not pass it on.
  func tagStopped(_ tag: DefinitionTag, path: [DefinitionKey], stoppedAt: Int)
  /// The definition being built takes `requested` later, through `wrapper` (`Lazy`, `Provider`,
  /// `AsyncLazy` or `AsyncProvider`): `definition`, of `scope` when known, answers it when it is
  /// used, not now.
  /// `needsAwait`: `definition` is made by an `async` factory or has an `async` block, and is not
  /// a singleton made already, so a synchronous `Lazy` or `Provider` cannot make it when called.
  func requestedLater(
    _ requested: DefinitionKey, definition: DefinitionKey, scope: Scope?, wrapper: String, needsAwait: Bool)
  /// Whether an ancestor's definition hidden by a nearer one of the same key is recorded under a
  /// key of its own (see ``InheritedTag``): the graph export's, so that both are drawn.
  var distinguishesHiddenDefinitions: Bool { get }
}

extension GraphObserver {
  package func usesKept(_ instance: Any, definition: DefinitionKey, scope: Scope) {}
  package func requestedLateBound(_ requested: DefinitionKey, definition: DefinitionKey) {}
  package func injectsWeakly(_ requested: DefinitionKey, property: String, isStarting: Bool) {}
  package func tagStopped(_ tag: DefinitionTag, path: [DefinitionKey], stoppedAt: Int) {}
  package func requestedLater(
    _ requested: DefinitionKey, definition: DefinitionKey, scope: Scope?, wrapper: String, needsAwait: Bool
  ) {}
  package var distinguishesHiddenDefinitions: Bool { false }
}
