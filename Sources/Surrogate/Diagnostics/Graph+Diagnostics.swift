extension Graph {
  /// Wraps what a factory or block threw; called while the failing definition's frame is pushed.
  @usableFromInline
  func wrap(_ error: any Error, code: ResolutionError.Code, key: DefinitionKey) -> ResolutionError {
    if let error = error as? ResolutionError { return error }
    let what = code == .factoryFailed ? "The factory of" : "A `resolvingProperties` block of"
    return ResolutionError(
      code, key: key, path: frames.map(\.key),
      message: "\(what) \(key) threw \(typeName(type(of: error))): \(error).",
      remedy: "The error comes from your closure; see `cause`.",
      cause: error)
  }

  @usableFromInline
  func requiresAwait(_ key: DefinitionKey, blockOnly: Bool = false) -> ResolutionError {
    let what =
      blockOnly
      ? "\(key) has an async `resolvingProperties` block" : "\(key) is made by an async factory"
    if let asker = synchronousAsker() {
      // NB: `decorate` takes no `async` closure: a decorator that asks cannot be made `async`.
      let remedy =
        asker.isDecorator
        ? "A decorator's closure cannot be `async`: let it take an `AsyncProvider<\(typeName(key.type))>` "
          + "(`try r.resolve()`) instead, which the instance it makes awaits when it needs \(key)"
        : "Make \(asker.toChange) `async` and resolve what it needs with `try await r.resolve(...)` (`register "
          + (asker.isMainActor ? "{ @MainActor r async throws in ... }`)" : "{ r async throws in ... }`)")
      return ResolutionError(
        .requiresAwait, key: key, path: path(to: key),
        message: "\(what), but \(asker.code) asks for it, and synchronous code cannot await: it runs once.",
        remedy: remedy + (blockOnly ? "." : madeFirstRemedy(key))
      )
    }
    let awaiting =
      "\(Self.resolveWithAwait): it awaits async factories and blocks anywhere in the graph, and runs "
      + "main-actor ones on the main actor."
    guard let synchronous = codeThatStaysSynchronous(needingMainActor: false) else {
      return ResolutionError(
        .requiresAwait, key: key, path: path(to: key),
        message: "\(what) and cannot be resolved synchronously.", remedy: awaiting)
    }
    return ResolutionError(
      .requiresAwait, key: key, path: path(to: key),
      message: "\(what) and cannot be resolved synchronously.",
      remedy: "\(awaiting) That is not enough here: \(synchronous.code) \(synchronous.verb) synchronously under "
        + "`try await` too, and synchronous code cannot await. Make \(synchronous.pronoun) `async` as well and "
        + "resolve what \(synchronous.pronoun == "it" ? "it needs" : "they need") with `try await r.resolve(...)` (`register { r async throws in ... }`)"
        + (blockOnly ? "." : madeFirstRemedy(key))
    )
  }

  /// How a `requiresAwait` or `requiresMainActor` remedy of a synchronous resolution begins
  /// (``Container/bootstrap(isolation:)`` tells to await itself instead).
  static let resolveWithAwait = "Resolve the request that needs it with `try await container.resolve(...)`"

  /// The other way out of a `requiresAwait` for `key`'s `async` factory: the singleton made before
  /// anything asks, by `try await bootstrap()`. An eager singleton already is one: `bootstrap()`
  /// was not awaited yet (or a reset released what it made).
  private func madeFirstRemedy(_ key: DefinitionKey) -> String {
    let isEager = root.lookupHonoringOverrides(key)?.entry.isEagerSingleton ?? false
    return isEager
      ? ", or call `try await container.bootstrap()` before anything asks: \(key) is an eager singleton, which it "
        + "makes (again, after a `reset` released it)."
      : ", or register \(key) as an eager singleton (`.eagerSingleton`), which `try await container.bootstrap()` "
        + "makes before anything asks."
  }

  /// In a synchronous resolution that met a definition needing `await` (or the main actor), the
  /// synchronous factories on the path that `try await resolve` would still run synchronously
  /// (off the main actor), so that awaiting the request alone would not work: the user's own
  /// synchronous closures, not what the container wrote (auto-wiring awaits each parameter).
  /// Named for a remedy; `nil` when there is none.
  private func codeThatStaysSynchronous(needingMainActor: Bool) -> (code: String, verb: String, pronoun: String)? {
    let names = frames.compactMap { frame -> String? in
      guard frame.isConstructing, let entry = definitionEntry(of: frame.id),
        !entry.awaitsDependenciesWhenAwaited, !(needingMainActor && entry.isMainActorIsolated)
      else { return nil }
      return definitionName(of: frame)
    }
    guard let last = names.last else { return nil }
    if names.count == 1 { return ("the synchronous factory of \(last)", "runs", "it") }
    let list = names.dropLast().joined(separator: ", ") + " and " + last
    return ("the synchronous factories of \(list)", "run", "them")
  }

  @usableFromInline
  func requiresMainActor(_ key: DefinitionKey) -> ResolutionError {
    if let asker = synchronousAsker() {
      return ResolutionError(
        .requiresMainActor, key: key, path: path(to: key),
        message: "\(key) is registered for the main actor, but \(asker.code) asks for it off the main actor, and "
          + "synchronous code cannot hop there: it runs once.",
        remedy: asker.isDecorator
          ? "Make the decorator a main-actor one, `{ @MainActor r, inner in ... }`: then `try await` runs it on the "
            + "main actor, and synchronous code on the main actor runs it there."
          : "Register \(asker.name) for the main actor too (`{ @MainActor r in ... }`): then `try await` and "
            + "synchronous code on the main actor both make it. Or make \(asker.toChange) `async` and resolve what it "
            + "needs with `try await r.resolve(...)`, which runs main-actor factories on the main actor; then it, and "
            + "any synchronous factory that asks for it (the other end of a cycle), can only be resolved with `try await`."
      )
    }
    let message = "\(key) is registered for the main actor, but this synchronous resolution is not on the main actor."
    guard let synchronous = codeThatStaysSynchronous(needingMainActor: true) else {
      return ResolutionError(
        .requiresMainActor, key: key, path: path(to: key), message: message,
        remedy: "\(Self.resolveWithAwait), which runs main-actor factories and blocks on the main actor wherever "
          + "they are in the graph, or resolve synchronously from @MainActor code.")
    }
    return ResolutionError(
      .requiresMainActor, key: key, path: path(to: key), message: message,
      remedy: "Resolve it synchronously from @MainActor code. `try await container.resolve(...)` alone is not enough "
        + "here: \(synchronous.code) \(synchronous.verb) synchronously off the main actor under `try await` too. "
        + "Register \(synchronous.pronoun) for the main actor as well (`{ @MainActor r in ... }`), or make "
        + "\(synchronous.pronoun) `async` and resolve what \(synchronous.pronoun == "it" ? "it needs" : "they need") "
        + "with `try await r.resolve(...)`, which runs main-actor factories on the main actor.")
  }

  /// In an async resolution, the synchronous code that asks for a request needing `await` or the
  /// main actor (the factory or block of the definition on top of the path), named for an error
  /// message; and what must become `async` for it to work: that code, or, when it runs inside
  /// other synchronous code (`A`'s synchronous factory resolving `B`, whose factory asks), all of
  /// it from the outermost (see ``runningSynchronously(_:)``).
  /// `isMainActor`: whether the code to change is a main-actor definition's, which stays one when
  /// it becomes `async`.
  /// `isDecorator`: whether that code is only a decorator's (whose closure cannot be `async`).
  private func synchronousAsker()
    -> (name: String, code: String, toChange: String, isMainActor: Bool, isDecorator: Bool)?
  {
    guard isAsync, let frame = frames.last else { return nil }
    let name = definitionName(of: frame)
    let code = synchronousCode(of: frame, named: name)
    let outermost = (extrasStorage?.synchronousRunDepth ?? 0) - 1
    guard frames.indices.contains(outermost), outermost < frames.count - 1 else {
      return (name, code, code, isMainActorDefinition(frame), isDecorator(frame))
    }
    let outer = synchronousCode(of: frames[outermost], named: definitionName(of: frames[outermost]))
    return (
      name, code, "\(outer) and the synchronous code it runs, down to \(code),",
      isMainActorDefinition(frames[outermost]), false
    )
  }

  /// Whether the code that runs in `frame` is a decorator's factory.
  private func isDecorator(_ frame: Frame) -> Bool {
    frame.isConstructing && DecorationTag.isDecorator(definitionEntry(of: frame.id)?.key.tag)
  }

  /// Whether the definition whose code runs in `frame` is registered for the main actor.
  private func isMainActorDefinition(_ frame: Frame) -> Bool {
    definitionEntry(of: frame.id)?.isMainActorIsolated ?? false
  }

  /// The registration `id` (a frame's), looked up in the containers the graph's root reads; `nil`
  /// for one they do not hold (a collaborator's). For error messages only: it reads every entry.
  private func definitionEntry(of id: RegistrationID) -> (any Entry)? {
    root.snapshotChain().lazy.compactMap { snapshot in snapshot.registry.entries.first { $0.id == id } }.first
  }

  private func synchronousCode(of frame: Frame, named name: String) -> String {
    frame.isConstructing
      ? "the synchronous factory of \(name)"
      : "a synchronous `resolvingProperties` block (or an injected property) of \(name)"
  }

  /// The definition whose code runs in `frame`, named by its own key when it was requested by
  /// another, since the code to change is that definition's: "PlainAccountsPresenter" for a type
  /// forwarded to it (the path names the step `PlainAccountsPresenter (as AccountsPresenting)`,
  /// and a problem met through the type and through the definition itself is one problem, with
  /// one message), "Store (requested as Store tag "live")" for a tag it answers untagged. Looked
  /// up by the frame's registration in the containers the graph's root reads; named as requested
  /// when not found there (a collaborator's definition).
  private func definitionName(of frame: Frame) -> String {
    let requested = frame.key
    let definition = definitionEntry(of: frame.id)?.key
    guard let definition, definition != requested else { return "\(requested)" }
    guard definition.type == requested.type else { return "\(definition)" }
    return "\(definition) (requested as \(requested))"
  }

  /// The cycle that closes when `requested` meets the frame at `start` of the path: its message
  /// names the path from that frame on, and is written only when it is read.
  func circularDependency(from start: Int, requested: DefinitionKey) -> ResolutionError {
    ResolutionError(
      .circularDependency, key: requested, path: path(to: requested), text: .cycle(start: start),
      remedy: specialCycleRemedy(from: start, requested: requested) ?? Self.cycleRemedy)
  }

  /// The remedy of a cycle that the general one does not fix: a decorator asking for what it
  /// decorates, or services taking each other.
  ///
  /// NB: each is looked for only when the frames say it may be (a cycle of one definition, a
  /// singleton on the cycle): a forwarding through a weak proxy meets a cycle and recovers on every
  /// resolve, and reads no remedy.
  private func specialCycleRemedy(from start: Int, requested: DefinitionKey) -> String? {
    if start == frameCount - 1, let remedy = decoratorAskingForWhatItDecorates(requested) { return remedy }
    let cycle = frames[start...]
    guard cycle.contains(where: \.isSingleton) else { return nil }
    let services = Set(
      root.lookupChain().flatMap { container in
        container.links.withLock(owner: container) { $0.serviceDeclarations.map(\.id) }
      })
    guard cycle.contains(where: { services.contains($0.id) }) else { return nil }
    return "A service is on the cycle, and services start in their dependencies' order, which a cycle does not "
      + "have (`.resolvingProperties` does not break it: `resolveServices()` throws `dependencyCycle`). Let one "
      + "side take the other as `Lazy<T>`, resolved on first use, which sets no order."
  }

  /// The remedy of a cycle that a decorator's closure closed by resolving the type it decorates
  /// (which reaches the decorator itself): it has that instance already, as `inner`.
  private func decoratorAskingForWhatItDecorates(_ requested: DefinitionKey) -> String? {
    guard let asker = frames.last,
      let key = definitionEntry(of: asker.id)?.key,
      let decorated = DecorationTag.decorated(byDecorator: key), decorated.type == requested.type
    else { return nil }
    return "A decorator of \(decorated) resolved \(decorated) itself, which is the decorator again. Wrap the "
      + "closure's second parameter instead, `inner` in `{ r, inner in ... }`: it is the instance the decorator "
      + "decorates. Resolve only its other dependencies through `r`."
  }

  /// NB: one literal, a constant: the `+` of two literals wrote a new string on every cycle met.
  static var cycleRemedy: String {
    """
    Break the cycle: construct one side without the other and inject it with \
    `.resolvingProperties { r, instance in ... }` (`.resolvingPropertiesOnMainActor` for a main-actor \
    instance), with a scope that shares the instance on both (`.shared` or a singleton: a `.unique` \
    definition can never be part of a cycle); or, when one side takes the other through a protocol, forward that protocol \
    `through: WeakRefProxy.init`: the container then hands it a weak proxy and binds it once the other side \
    is built.
    """
  }

  /// - Parameter depth: The path's length when the forwarding was requested, when frames above
  ///   it (its source's) are on the path now.
  @usableFromInline
  func invalidType(requested: DefinitionKey, instance: Any, source: DefinitionKey, depth: Int? = nil) -> ResolutionError
  {
    let made = typeName(Swift.type(of: instance))
    let wanted = typeName(requested.type)
    let path = depth.map { frames.prefix($0).map(\.key) + [requested] } ?? path(to: requested)
    let proxyRemedy = ProxyConformanceRemedy.text(
      proxy: Swift.type(of: instance), forwarded: requested.type, source: "\(source)")
    // A decorator's closure made it: nothing was forwarded with `.implements(...)`.
    if DecorationTag.isDecoration(source.tag) {
      return ResolutionError(
        .invalidType, key: requested, path: path,
        message: "A decorator of \(wanted) returned an instance of type \(made), which does not conform to \(wanted).",
        remedy: proxyRemedy
          ?? "Return a \(wanted) from the decorator's closure: make \(made) conform to \(wanted), or wrap `inner` in "
          + "a type that does.",
        nearby: [source])
    }
    return ResolutionError(
      .invalidType, key: requested, path: path,
      message:
        "\(wanted) is forwarded to the definition of \(source), but its instance of type \(made) does not conform to \(wanted).",
      remedy: proxyRemedy
        ?? "Make \(made) conform to \(wanted), or remove \(wanted) from `.implements(...)` of \(source).",
      nearby: [source])
  }

  /// How a remedy writes `type`'s metatype: `(any Stock).self` for an existential, `Warehouse.self`
  /// otherwise.
  private static func spelling(of type: Any.Type) -> String {
    let name = typeName(type)
    return InstanceType.isExistential(type) ? "(any \(name)).self" : "\(name).self"
  }

  /// A decoration of `decorated` whose definition (`key`) was removed since: requested as
  /// `requested`. The definition is a parent's when `isInherited` (the decoration was made in a
  /// child container), else the decorating container's own.
  func decoratedDefinitionRemoved(
    _ key: DefinitionKey, decorated: DefinitionKey, requested: DefinitionKey, isInherited: Bool = true
  ) -> ResolutionError {
    guard !isInherited else {
      // What the parent forwarded the decorated type to: registered again, it must forward it again.
      let again =
        key == decorated
        ? "Register \(key) again" : "Register \(key) again, with `.implements(\(Self.spelling(of: decorated.type)))`,"
      return ResolutionError(
        .definitionNotFound, key: decorated, path: path(to: requested),
        message: "\(decorated) is decorated in this container, but the definition it decorates, a parent's, is no "
          + "longer registered.",
        remedy: "\(again) in the parent, or register \(decorated) in this container in place of the decoration.",
        nearby: [key])
    }
    let named = key == decorated ? "" : ", \(key),"
    return ResolutionError(
      .definitionNotFound, key: decorated, path: path(to: requested),
      message: "\(decorated) is decorated, but the definition it decorates\(named) is no longer registered.",
      remedy: "Register \(key) again, or register \(decorated) in place of the decoration.",
      nearby: [key])
  }

  func notFound(_ key: DefinitionKey, in container: Container, forwardedFrom: DefinitionKey? = nil) -> ResolutionError {
    if let forwardedFrom, let now = container.lookup(key), now.entry.isForwarding {
      // A later `.implements(key.type)` turned the source into a forwarding itself.
      let target = now.entry.sourceKey
      let forwarded = typeName(forwardedFrom.type)
      let spelling = Self.spelling(of: forwardedFrom.type)
      return ResolutionError(
        .definitionNotFound, key: forwardedFrom, path: path(to: forwardedFrom),
        message: "\(forwardedFrom) is forwarded to \(key), which is now itself forwarded to \(target) (a later "
          + "`.implements(\(typeName(key.type)).self)`): forwardings do not chain.",
        remedy: "Forward \(forwarded) from \(typeName(target.type))'s registration (`.implements(\(spelling))`), or "
          + "register \(key) again.",
        nearby: [key, target])
    }
    if let forwardedFrom {
      return ResolutionError(
        .definitionNotFound, key: forwardedFrom, path: path(to: forwardedFrom),
        message: "\(forwardedFrom) is forwarded to \(key), which is no longer registered.",
        remedy: "Register \(key) again, or remove the forwarding.",
        nearby: [key])
    }
    if let ended = container.shutDownAncestor() {
      return containerShutDown(
        key, scope: ended.opensScope, overrides: ended.isOverride, byParent: ended.wasEndedByAncestor)
    }
    if container.collaborationNetwork().contains(where: { $0.hadAtShutdown(key) }) {
      return ResolutionError(
        .containerShutDown, key: key, path: path(to: key),
        message: "\(key) is provided by a collaborating container (`collaborate(with:)`) that has been shut down: its "
          + "instances are disposed and it resolves nothing.",
        remedy: "Shut a collaborator down only after the containers that resolve through it, or register \(key) "
          + "in one that is still running.")
    }
    if let rejected = container.rejectedDefinition(of: key, path: path(to: key)) { return rejected }
    if let outOfReach = registeredOnlyBelow(key, lookedUpIn: container) { return outOfReach }
    if let provision = container.scopeProvision(of: key) { return scopeProvidedMissing(key, provision) }
    // NB: what is near the key is found when the error is read, from the registries as they are
    // now: a miss among 100,000 tags took 0.77 s and 2.4 MB when it was found here.
    let snapshots = container.snapshotChain()
    let rootSnapshots = container === root ? snapshots : root.snapshotChain()
    // A type that a `.scoped` definition on the path needs, missing outside a scope, is often
    // one that only a scope provides (the request); so is one an app that has `.scoped`
    // definitions misses (a request handler that takes the request itself).
    let neededByScoped =
      !root.isInScope
      && (frames.contains { $0.scopeKind == .scoped }
        || rootSnapshots.contains { snapshot in
          snapshot.registry.entries.contains { ($0 as? any ScopedEntry)?.scope == .scoped }
        })
    // Resolved in a scope: what is missing is often what the scope was to register.
    let inScope = root.isInScope
    let released = container.releasedCollaboratorCount()
    let explanation = NotFoundExplanation(key: key, snapshots: snapshots) { [key] nearby in
      var remedy = Self.notFoundRemedy(key, nearby: nearby, decorators: rootSnapshots)
      if released > 0 { remedy += " " + Self.releasedCollaboratorRemedy(key, count: released) }
      // A type registered with another tag or other arguments is asked for wrongly, not one a
      // scope provides: declaring it so would hide the error from `validate()`.
      if nearby.contains(where: { $0.type == key.type }) { return remedy }
      if inScope { return remedy + " " + Self.registerInScopeRemedy(key) }
      guard neededByScoped else { return remedy }
      return remedy + " " + Self.scopeProvidedRemedy(key)
    }
    return ResolutionError(
      .definitionNotFound, key: key, path: path(to: key), text: .notFound(explanation),
      remedy: stoppedTagRemedy(key, in: container) ?? "")
  }

  /// A type missing in `container`, an ancestor of the graph's root whose singleton asked for it,
  /// but registered below it, in the root or a container between: a singleton resolves its
  /// dependencies in its own container, which does not see its descendants' definitions.
  private func registeredOnlyBelow(_ key: DefinitionKey, lookedUpIn container: Container) -> ResolutionError? {
    guard container !== root, let singleton = frames.last(where: \.isSingleton),
      let found = root.lookup(key), found.owner !== container, found.owner.isSelfOrAncestor(container)
    else { return nil }
    let name = definitionName(of: singleton)
    let below = found.owner === root ? "the container resolved from" : "a descendant of the one that registers \(name)"
    let scope = (definitionEntry(of: singleton.id) as? any ScopedEntry)?.scope
    let kept =
      switch scope?.kind {
      case .weakSingleton?: "a weak singleton"
      case .custom?: "kept by the custom scope \"\(scope?.customName ?? "")\""
      default: "a singleton"
      }
    return ResolutionError(
      .definitionNotFound, key: key, path: path(to: key),
      message: "No definition for \(key) where \(name) is made. \(name) is \(kept) of an ancestor of the "
        + "container resolved from, so it resolves its dependencies in that ancestor, which does not see its "
        + "descendants' definitions; \(key) is registered only in \(below).",
      remedy: "Register \(key) in the container that registers \(name) (or an ancestor of it). If each "
        + (root.isInScope
          ? "scope is to give it its own \(key), make \(name) `.scoped`: one instance per scope, made in the scope."
          : "child is to give it its own \(key), register \(name) in the child instead, or make it `.shared`, "
            + "which resolves in the container that asks."),
      nearby: [found.entry.key])
  }

  /// The part of the remedy for a type missing where a collaborator was released: it may have
  /// provided it.
  private static func releasedCollaboratorRemedy(_ key: DefinitionKey, count: Int) -> String {
    let containers =
      count == 1 ? "1 container it collaborated with has" : "\(count) containers it collaborated with have"
    return "\(containers) been released (containers hold their collaborators weakly): if one provided "
      + "\(typeName(key.type)), keep it alive as long as this container resolves through it."
  }

  /// The second half of the remedy for a type missing in a scope: the scope may be what was to
  /// provide it.
  private static func registerInScopeRemedy(_ key: DefinitionKey) -> String {
    let name = typeName(key.type)
    return "If the scope provides \(name) (what only a request knows), register it in the scope before "
      + "resolving: `scope.register { ... }` returning \(name), inside `withScope`; where an integration "
      + "opens the scope (a server's request middleware), in the closure it takes to register the request's "
      + "values (SurrogateHummingbird's `register:`)."
  }

  /// The second half of the remedy for a type a `.scoped` definition needs: a scope may be what
  /// provides it.
  private static func scopeProvidedRemedy(_ key: DefinitionKey) -> String {
    let name = typeName(key.type)
    return "If a scope provides \(name) (what only a request knows), register it in the scope, "
      + "`container.withScope { scope in scope.register { ... } }` returning \(name), and validate inside the "
      + "scope (`await scope.validate()` there), where the `.scoped` definitions that need it resolve; or declare "
      + "it with `container.declareScopeProvided(\(name).self)`, which `validate()` outside a scope takes as "
      + "provided."
  }

  /// What to look at in two argument lists that differ: an integer type (a literal is an `Int`),
  /// or a value passed where an optional was registered; nothing otherwise.
  private static func argumentHint(registered: String, given: String) -> String {
    if registered == "Optional<\(given)>" { return " (pass `value as \(registered)`)" }
    let integers = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
    let names = { (list: String) in Set(list.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)) }
    return names(registered).union(names(given)).isDisjoint(with: integers) ? "" : " (an integer literal is an `Int`)"
  }

  /// - Parameter decorators: The registries in which a decorator of the key's type is looked for:
  ///   the graph's root's and its ancestors'.
  private static func notFoundRemedy(
    _ key: DefinitionKey, nearby: [DefinitionKey], decorators: [RegistrySnapshot]
  ) -> String {
    let name = typeName(key.type)
    if let decorated = Container.decoratedType(madeBy: key.type, in: decorators) {
      return
        "\(name) is made only as a decorator of \(decorated): resolve \(decorated), which hands it out, or register \(name) on its own."
    }
    let sameType = nearby.filter { $0.type == key.type }
    if let other = sameType.first(where: { $0.argumentsType != key.argumentsType }) {
      let given = key.hasArguments ? typeName(key.argumentsType) : "no arguments"
      let registered = typeName(other.argumentsType)
      let passThem =
        key.hasArguments
        ? ""
        : " Pass them: `resolve(\(name).self, arguments: ...)`; `dependencyGraph(of:arguments:)`, "
          + "`validate(arguments:)` and SurrogateTesting's `checkForLeaks(resolving:arguments:)` take them too."
      return "\(name) is registered with arguments \(registered) but was resolved with \(given); argument types must "
        + "match exactly\(argumentHint(registered: registered, given: given)).\(passThem)"
    }
    if !sameType.isEmpty {
      // Every tag it is registered with (a few, then how many more): naming only the first sent a
      // request for another tag to the wrong one.
      let tags = sameType.map { $0.tag.map(\.description) ?? "none" }
      let asked = key.tag.map { "tag \($0)" } ?? "no tag"
      guard tags.count > 1 else {
        return
          "\(name) is registered with tag \(tags[0]) but was resolved with \(asked); resolve with that tag, or register an untagged definition as the fallback."
      }
      let shown = tags.count > 4 ? tags.prefix(3) + ["\(tags.count - 3) more"] : tags[...]
      let list = shown.dropLast().joined(separator: ", ") + " and " + shown.last!
      return
        "\(name) is registered with tags \(list) but was resolved with \(asked); resolve with one of them, or register an untagged definition as the fallback."
    }
    let tagText = key.tag.map { ", tag: \($0)" } ?? ""
    if key.hasArguments {
      // Registered without them, it would answer only a request without them.
      let labels = "abcdefghijklmnopqrstuvwxyz".map(String.init)
      let parameters = argumentTypeNames(of: key.argumentsType).enumerated().map { index, type in
        "\(index < labels.count ? labels[index] : "a\(index)"): \(type)"
      }
      return "Register it with those arguments: `container.register(.shared\(tagText)) { (r, "
        + parameters.joined(separator: ", ") + ") in ... }` returning \(name)."
    }
    // A protocol is written as Swift 6 code spells the existential: `(any Clock).self`; a
    // constrained one is named with its `any` already.
    let isExistential = InstanceType.isExistential(key.type) || name.hasPrefix("any ")
    let metatype = isExistential ? "(\(name.hasPrefix("any ") ? name : "any " + name)).self" : "\(name).self"
    // A function, a metatype or a tuple has no initializer to auto-wire; a type of the standard
    // library or Foundation (a `String` a default argument left unregistered) has many, which
    // `X.init` cannot pick from.
    let module = _typeName(key.type, qualified: true).prefix { $0 != "." }
    if !isExistential,
      name.contains("->") || name.hasSuffix(".Type") || name.hasPrefix("(") || module == "Swift"
        || module == "Foundation"
    {
      return "Register it: `container.register(.shared\(tagText)) { r in ... }` returning \(name)."
    }
    guard isExistential else {
      // A concrete type is made by its own definition; only a subclass's can forward it.
      let autowire = "`container.autowire(\(key.tag.map { "tag: \($0), " } ?? "")\(name).init)`"
      let subclass =
        key.type is AnyClass
        ? " (a subclass's definition can also forward it, with `.implements(\(metatype)\(tagText))`)" : ""
      return
        "Register it: `container.register(.shared\(tagText)) { r in ... }` returning \(name), or \(autowire)\(subclass)."
    }
    // NB: with `type:`: a closure that returns a conforming instance (`{ r in LiveGateway() }`)
    // registers that class, not the protocol, and the same error comes back.
    return
      "Register it: `container.register(.shared, type: \(metatype)\(tagText)) { r in ... }`, or forward it from an existing definition with `.implements(\(metatype)\(tagText))`."
  }

  /// The names of the runtime argument types of a key's `argumentsType`: the elements of a tuple
  /// (`(String, Int)`: `String` and `Int`), or the one type.
  private static func argumentTypeNames(of argumentsType: Any.Type) -> [String] {
    let name = typeName(argumentsType)
    guard name.hasPrefix("("), name.hasSuffix(")") else { return [name] }
    var names: [String] = []
    var current = ""
    var depth = 0
    for character in name.dropFirst().dropLast() {
      switch character {
      case "(", "<", "[": depth += 1
      case ">" where current.last == "-": break  // a function type's arrow
      case ")", ">", "]": depth -= 1
      case "," where depth == 0:
        names.append(current)
        current = ""
        continue
      case " " where current.isEmpty: continue
      default: break
      }
      current.append(character)
    }
    names.append(current)
    return names
  }
}
