import Synchronization

// INVARIANT: see CreationState.swift (the subject, a retained `Shared<T>`, read unretained while
// this `Lazy` is held).

/// Resolves `T` on first access, once: inject it where a dependency is expensive or not always
/// needed, with no registration of its own beyond `T`'s.
///
/// ```swift
/// final class SearchPresenter {
///   let index: Lazy<any IngredientIndex>
///   init(index: Lazy<any IngredientIndex>) { self.index = index }
///   func search(_ text: String) throws -> [Cocktail] { try index.value.search(text) }
/// }
/// container.autowire(SearchPresenter.init)   // Lazy<any IngredientIndex> comes for free
/// ```
///
/// The first access resolves `T` in a new graph of the container the `Lazy` was injected from
/// (with the tag it was requested with); a failure is not kept, so the next access tries again.
/// A `Lazy` of a type nothing can make (no definition, no auto-wiring, no collaborator) is not
/// made at all: the request that injects it throws ``ResolutionError/Code/definitionNotFound``
/// at once, as `validate()` reports it, rather than at first access.
public final class Lazy<T> {
  private let container: Container
  private let tag: DefinitionTag?
  /// The overrides it was made under (see `OverridesAtCreation`).
  private let overrides: OverridesAtCreation
  /// Where the resolved instance is published, boxed in a retained `Shared<T>`: read with one
  /// atomic load once resolved, written once under its lock (see ``CreationState``).
  @usableFromInline let state = CreationState()

  init(container: Container, tag: DefinitionTag?, overrides: OverridesAtCreation) {
    self.container = container
    self.tag = tag
    self.overrides = overrides
  }

  /// The instance, resolved on the first access.
  ///
  /// ```swift
  /// let index = try lazyIndex.value
  /// ```
  ///
  /// After the first successful access this is one atomic load: no lock.
  ///
  /// A property cannot learn its caller's actor, so the first read resolves as non-isolated code
  /// does: a `@MainActor` definition throws ``ResolutionError/Code/requiresMainActor`` even on the
  /// main actor. Call the lazy instead, `try lazyIndex()`, from `@MainActor` code (see
  /// ``callAsFunction(isolation:)``); `value` then reads the instance anywhere.
  ///
  /// - Throws: The ``ResolutionError`` of the first successful-or-not attempt.
  @inlinable
  public var value: T {
    get throws(ResolutionError) {
      if let box = state.created(as: Shared<T>.self) { return box.withObject { $0.value } }
      return try resolveOnFirstAccess()
    }
  }

  /// The instance, resolved on the first call in the caller's isolation: from `@MainActor` code
  /// it resolves a `@MainActor` definition, which ``value`` cannot.
  ///
  /// ```swift
  /// @MainActor func showBadge() throws {
  ///   let model = try presenter.badge()   // a Lazy<BadgeModel> of a @MainActor definition
  /// }
  /// ```
  ///
  /// Later calls and reads of ``value`` return the same instance, wherever they are made.
  ///
  /// - Parameter isolation: The caller's actor, filled in by `#isolation`: a `@MainActor`
  ///   definition is built only when it is the main actor.
  /// - Throws: The ``ResolutionError`` of the first successful-or-not attempt;
  ///   ``ResolutionError/Code/requiresMainActor`` for a main-actor definition called off the main
  ///   actor.
  public func callAsFunction(isolation: isolated (any Actor)? = #isolation) throws(ResolutionError) -> T {
    if let box = state.created(as: Shared<T>.self) { return box.withObject { $0.value } }
    return try resolveOnFirstAccess(callerIsolation: isolation, accessor: .call)
  }

  /// Resolves the instance once, for ``value`` (whose caller's isolation is unknown).
  @usableFromInline
  func resolveOnFirstAccess() throws(ResolutionError) -> T {
    try resolveOnFirstAccess(callerIsolation: nil, accessor: .value)
  }

  /// Resolves the instance once, in `isolation`: threads that arrive meanwhile wait for it, and a
  /// failure is not kept, so the next access tries again.
  func resolveOnFirstAccess(callerIsolation isolation: (any Actor)?, accessor: MainActorAccessor)
    throws(ResolutionError) -> T
  {
    try state.lock.withLock(owner: state) { _ throws(ResolutionError) -> T in
      if let box = state.created(as: Shared<T>.self) { return box.withObject { $0.value } }
      let resolved: Shared<T>
      do throws(ResolutionError) {
        resolved = Shared(
          try container.resolveLater(
            T.self, tag: tag, callerIsolation: isolation, overrides: overrides))
      } catch {
        throw accessor.explain(error, of: T.self, from: container)
      }
      state.publish(resolved)
      return resolved.value
    }
  }

  /// Whether `value` has been resolved.
  ///
  /// ```swift
  /// #expect(!presenter.index.isResolved)
  /// ```
  public var isResolved: Bool { state.isCreated }

  /// The resolved instance, or `nil` before it is resolved; never resolves (for leak checks).
  var resolvedSubject: T? {
    state.created(as: Shared<T>.self)?.object.value
  }
}

/// A `Lazy` crosses isolation domains only when its instance may: every access returns the same
/// instance.
///
/// ```swift
/// final class SearchPresenter: Sendable { let index: Lazy<any IngredientIndex & Sendable> }
/// ```
extension Lazy: Sendable where T: Sendable {}

/// Resolves a new `T` on each access: inject it where a consumer needs fresh instances, with no
/// registration of its own beyond `T`'s.
///
/// ```swift
/// final class Importer {
///   let makeParser: Provider<Parser>
///   init(makeParser: Provider<Parser>) { self.makeParser = makeParser }
///   func run() throws { let parser = try makeParser() }
/// }
/// ```
///
/// Each call is a top-level resolution: `.unique` and `.shared` definitions make a new instance,
/// singletons stay singletons. Like a ``Lazy``, a `Provider` of a type nothing can make fails the
/// request that injects it, at once.
public struct Provider<T>: Sendable {
  let container: Container
  let tag: DefinitionTag?
  /// The overrides it was made under (see `OverridesAtCreation`).
  let overrides: OverridesAtCreation

  /// Resolves a new instance.
  ///
  /// ```swift
  /// let parser = try provider()
  /// ```
  ///
  /// Called from `@MainActor` code it resolves a `@MainActor` definition, as `container.resolve`
  /// does there: it takes its caller's isolation.
  ///
  /// ```swift
  /// @MainActor func refresh() throws { let model = try makeModel() }   // a @MainActor BadgeModel
  /// ```
  ///
  /// - Parameter isolation: The caller's actor, filled in by `#isolation`: a `@MainActor`
  ///   definition is built only when it is the main actor.
  /// - Throws: ``ResolutionError``; ``ResolutionError/Code/requiresMainActor`` for a main-actor
  ///   definition called off the main actor.
  public func callAsFunction(isolation: isolated (any Actor)? = #isolation) throws(ResolutionError) -> T {
    do throws(ResolutionError) {
      return try container.resolveLater(
        T.self, tag: tag, callerIsolation: isolation, overrides: overrides)
    } catch {
      throw MainActorAccessor.provider.explain(error, of: T.self, from: container)
    }
  }
}

extension Lazy: ContainerInjectable {
  static func make(_ key: DefinitionKey, in graph: Graph, from container: Container) throws(ResolutionError) -> Any {
    try checkRegistered(T.self, key, in: graph, from: container, wrapper: "Lazy")
    return Lazy(container: container, tag: key.tag, overrides: graph.overridesForLater(from: container))
  }
}

extension Provider: ContainerInjectable {
  static func make(_ key: DefinitionKey, in graph: Graph, from container: Container) throws(ResolutionError) -> Any {
    try checkRegistered(T.self, key, in: graph, from: container, wrapper: "Provider")
    return Provider(container: container, tag: key.tag, overrides: graph.overridesForLater(from: container))
  }
}

/// A `Lazy<T>` or `Provider<T>` (or their `async` forms) of a type nothing can make is a
/// configuration error now, not a surprise at first use.
///
/// The graph's observer learns of it (an edge of the graph export, a captive `.scoped` definition
/// for `validate()`): `wrapper` names the wrapper.
func checkRegistered<T>(
  _ type: T.Type, _ key: DefinitionKey, in graph: Graph, from container: Container, wrapper: String
) throws(ResolutionError) {
  let wrapped = key.with(type: T.self)
  if let found = try graph.laterAnswer(wrapped, from: container) {
    if let observer = graph.observer {
      // The definition that answers: a forwarding's source.
      let definition =
        found.entry.isForwarding ? graph.lookup(found.entry.sourceKey, from: found.owner) ?? found : found
      observer.requestedLater(
        wrapped, definition: definition.entry.key, scope: (definition.entry as? any ScopedEntry)?.scope,
        wrapper: wrapper, needsAwait: definition.entry.needsAwaitNow && definition.entry.needsAwaitOnAnyActor)
    }
    return
  }
  // An optional is `nil`, and a collection nothing is contributed to empty, as they are now.
  guard !(T.self is any OptionalResolvable.Type), !(T.self is any ResolvableCollection.Type) else { return }
  throw graph.notFound(wrapped, in: container)
}

extension Graph {
  /// The definition a resolution of `key` started later from `container` would use: its own or an
  /// ancestor's, one auto-wiring picks, or a collaborator's (a later resolution is a graph of its
  /// own, so not the graph that asked).
  fileprivate func laterAnswer(_ key: DefinitionKey, from container: Container) throws(ResolutionError)
    -> (entry: any Entry, owner: Container)?
  {
    if let found = lookup(key, from: container) { return found }
    if !key.hasArguments, let chosen = try autowireChoice(key, from: container) { return (chosen.entry, chosen.owner) }
    for collaborator in container.collaborationNetwork().map(resolvingContainer(of:)) {
      if let found = lookupInSnapshots(key, from: collaborator) { return found }
      if !key.hasArguments, let chosen = try autowireChoice(key, from: collaborator) {
        return (chosen.entry, chosen.owner)
      }
    }
    return nil
  }
}
