/// What ``Container/validate()`` found.
///
/// ```swift
/// let report = container.validate()
/// if !report.isValid { print(report) }
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Definitions that cannot be resolved, each with its path.
  public let problems: [ResolutionError]
  /// Configurations that resolve but are probably not what you meant.
  public let warnings: [ValidationWarning]
  /// The definitions that were resolved.
  public let checked: [DefinitionKey]
  /// Every checked definition that failed with a problem (a problem shared by many definitions,
  /// such as one missing dependency, is listed once in ``problems``).
  ///
  /// ```swift
  /// print("\(report.brokenDefinitions.count) of \(report.checked.count) definitions are broken")
  /// ```
  public let brokenDefinitions: [DefinitionKey]
  /// The keys of ``skippedDefinitions``: folded into it, which says why each was skipped.
  ///
  /// ```swift
  /// let keys = report.skippedDefinitions.map(\.key)
  /// ```
  @available(
    *, deprecated,
    message: "use skippedDefinitions, which says why each was skipped (its keys: skippedDefinitions.map(\\.key))"
  )
  public var skipped: [DefinitionKey] { skippedDefinitions.map(\.key) }
  /// The definitions that were not resolved, each with the reason.
  ///
  /// ```swift
  /// for definition in container.validate().skippedDefinitions { print(definition) }
  /// ```
  public let skippedDefinitions: [SkippedDefinition]

  /// Whether there are no problems (warnings do not count).
  ///
  /// ```swift
  /// #expect(container.validate().isValid)
  /// ```
  public var isValid: Bool { problems.isEmpty }

  /// A summary line followed by one line per problem and warning.
  ///
  /// ```swift
  /// print(container.validate())
  /// ```
  public var description: String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    var lines = [
      "\(count(checked.count, "definition")) checked, \(skippedDefinitions.count) skipped: "
        + "\(count(problems.count, "problem")) (\(count(brokenDefinitions.count, "definition")) broken), "
        + "\(count(warnings.count, "warning"))."
    ]
    lines += problems.map { "  error: \($0)" }
    lines += warnings.map { "  warning: \($0)" }
    lines += skippedDefinitions.map { "  skipped: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// A definition that ``Container/validate()`` could not resolve, and why.
///
/// ```swift
/// let skipped = container.validate().skippedDefinitions.first
/// print(skipped?.reason ?? "everything was checked")
/// ```
public struct SkippedDefinition: Sendable, CustomStringConvertible {
  /// The definition.
  public let key: DefinitionKey
  /// Why it was not checked, and how to check it.
  public let reason: String

  /// The definition and the reason, on one line.
  public var description: String { "\(key): \(reason)" }
}

/// A configuration that resolves but is probably a mistake.
///
/// ```swift
/// for warning in container.validate().warnings { print(warning.message) }
/// ```
public struct ValidationWarning: Sendable, CustomStringConvertible {
  /// What kind of warning.
  public let kind: Kind
  /// The resolution path that leads to it.
  public let path: [DefinitionKey]
  /// What was found and how to fix it.
  public let message: String

  /// The kinds of warnings.
  ///
  /// ```swift
  /// warning.kind == .optionalResolvedToNil
  /// ```
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// An optional dependency was resolved to `nil` because its type is not registered.
    public static let optionalResolvedToNil = Kind(name: "optionalResolvedToNil")
    /// A singleton captured an instance of a shorter-lived scope (`.unique` or `.shared`), which
    /// then lives as long as the singleton; or depends on a `.scoped` definition, which it cannot
    /// resolve outside a scope.
    public static let captiveDependency = Kind(name: "captiveDependency")
    /// A factory or `resolvingProperties` block threw an error of its own (not the container's):
    /// the graph is wired correctly, but making it failed here, typically because a test runs
    /// without the live environment.
    public static let factoryThrew = Kind(name: "factoryThrew")
    /// A tagged request was answered by an untagged singleton while other tags of the same type
    /// are registered: every such tag shares that one instance.
    public static let taggedRequestSharesUntaggedSingleton = Kind(name: "taggedRequestSharesUntaggedSingleton")
    /// An instance made for a request that holds it weakly (a type forwarded through
    /// `WeakRefProxy`, an `@InjectedWeak` property), which nothing else holds: it is gone when
    /// `resolve` returns.
    public static let heldOnlyWeakly = Kind(name: "heldOnlyWeakly")
    /// A type was resolved without a tag and got its untagged definition, although it is
    /// registered with the tag of a request above it on the path, which a `resolve` without
    /// `tag:` (in a factory, block or `resolveDependencies`) did not pass on. The message names
    /// where the tag stopped; the path's last request is the type that missed it.
    public static let tagNotPassedOn = Kind(name: "tagNotPassedOn")
    /// A list or map was resolved empty because nothing is contributed to it (see
    /// `Container.register(into:)` and ``Definition/contributes(to:)``): a member that is
    /// registered but never contributed, or an assembly that was not applied, is silently absent
    /// otherwise. The message names the definitions of its element type that are registered but
    /// not contributed.
    ///
    /// ```swift
    /// let empty = container.validate().warnings.filter { $0.kind == .emptyCollection }
    /// ```
    public static let emptyCollection = Kind(name: "emptyCollection")
    /// A list or map was resolved from one container of a collaboration (see
    /// ``Container/collaborate(with:)-(Container...)``) while other containers of it hold members
    /// of it too, which it does not get: lists from collaborating containers are not joined (the
    /// container's own list, or else the first collaborator's that has one). The message names the
    /// members left out.
    ///
    /// ```swift
    /// let partial = host.validate().warnings.filter { $0.kind == .collaboratorMembersLeftOut }
    /// ```
    public static let collaboratorMembersLeftOut = Kind(name: "collaboratorMembersLeftOut")
    /// The disposal (a `.disposing` block or a ``Disposable`` conformance) of an instance that
    /// validation made to check the graph, and disposed before it returned, threw. The message
    /// names the error.
    public static let disposalFailed = Kind(name: "disposalFailed")
    /// An instance that the synchronous `validate()` made has an `async` disposal (an `async`
    /// `.disposing` block or a ``Disposable`` conformance), which it cannot run: the instance was
    /// released undisposed. `await validate()` disposes it.
    public static let disposalRequiresAwait = Kind(name: "disposalRequiresAwait")
    /// A change to the container's definitions did nothing: `decorate` found no definition to
    /// decorate (it was called before the definition was registered, or with a tag that has no
    /// definition while the type has no untagged one either: a tag without a definition of its own
    /// decorates the untagged definition its requests fall back to, for them only), or
    /// ``Container/remove(_:)`` was given a definition another container registered. The message
    /// says which, and how to fix it.
    ///
    /// ```swift
    /// container.decorate((any Clock).self) { _, inner in FrozenClock(inner) }  // nothing yet
    /// container.register { SystemClock() as any Clock }
    /// container.validate().warnings.first?.kind == .ineffectiveChange  // true
    /// ```
    public static let ineffectiveChange = Kind(name: "ineffectiveChange")
    /// A definition takes another through a synchronous `Lazy` or `Provider`, but that one is made
    /// by an `async` factory (or has an `async` block) and is not a singleton made already: every
    /// call of the wrapper throws ``ResolutionError/Code/requiresAwait``. The message names the
    /// `async` wrapper to take instead.
    ///
    /// ```swift
    /// let unusable = container.validate().warnings.filter { $0.kind == .laterRequiresAwait }
    /// ```
    public static let laterRequiresAwait = Kind(name: "laterRequiresAwait")
    /// The kind's name.
    public var description: String { name }
  }

  /// The warning as one line.
  public var description: String { "\(kind): \(message)" }

  /// - Parameter collection: The list or map that `captured` is a member of, when the singleton
  ///   took that: what a `Provider` must resolve on each use.
  static func captiveDependency(
    singleton: DefinitionKey, scope: Scope, captured: DefinitionKey, capturedScope: Scope,
    through wrapper: String? = nil, memberOf collection: DefinitionKey? = nil
  ) -> ValidationWarning {
    if let wrapper {
      return ValidationWarning(
        kind: .captiveDependency, path: [singleton, captured],
        message: "\(singleton) (\(scope)) takes \(captured) (.scoped) as a `\(wrapper)<\(typeName(captured.type))>`, "
          + "which resolves in the singleton's container, outside any scope, so each use fails (outsideScope). Make "
          + "\(singleton) `.scoped` or shorter-lived, or resolve \(typeName(captured.type)) in the scope and pass it "
          + "to the singleton's methods.")
    }
    if capturedScope == .scoped {
      return ValidationWarning(
        kind: .captiveDependency, path: [singleton, captured],
        message: "\(singleton) (\(scope)) depends on \(captured) (.scoped), which is one instance per scope: a "
          + "singleton resolves in its own container, outside any scope, so resolving it fails (outsideScope). Make "
          + "\(singleton) `.scoped` or shorter-lived, or resolve \(typeName(captured.type)) in the scope and pass it "
          + "to the singleton's methods.")
    }
    // A custom scope's instance is one per scope on purpose (a signed-in user's session): a
    // singleton scope for it would hand one user's instance to the next.
    let provided = typeName((collection ?? captured).type)
    let remedy =
      capturedScope.isCustom
      ? "Inject a `Provider<\(provided)>` and resolve it on each use, or make \(singleton) "
        + "\(capturedScope) too, so that `reset(\(capturedScope))` releases both."
      : "Give \(captured) a singleton scope, inject a `Provider<\(provided)>`, or make \(singleton) "
        + "shorter-lived."
    return ValidationWarning(
      kind: .captiveDependency, path: [singleton, captured],
      message:
        "\(singleton) (\(scope)) captures \(captured) (\(capturedScope)), which then lives as long as the singleton. "
        + remedy)
  }

  static func disposalFailed(_ key: DefinitionKey, error: any Error) -> ValidationWarning {
    ValidationWarning(
      kind: .disposalFailed, path: [key],
      message: "The disposal of the \(key) that validation made to check the graph threw "
        + "\(typeName(type(of: error))): \(error). The container disposes the real ones the same way: make the "
        + "disposal succeed for an instance that was never used.")
  }

  static func disposalRequiresAwait(_ key: DefinitionKey) -> ValidationWarning {
    ValidationWarning(
      kind: .disposalRequiresAwait, path: [key],
      message: "The \(key) that validation made to check the graph has an `async` disposal, which the synchronous "
        + "`validate()` cannot run: it was released without being disposed. Use `await validate()`, which "
        + "disposes what it made.")
  }

  /// - Parameter outer: The failure `error` was reached as (a `propertyInjectionFailed` that
  ///   wraps it), whose path is the one to show; `error` itself when `nil`.
  static func factoryThrew(_ error: ResolutionError, reachedAs outer: ResolutionError? = nil) -> ValidationWarning {
    let what = error.cause.map { "\(typeName(type(of: $0))): \($0)" } ?? error.message
    let reached = outer ?? error
    return ValidationWarning(
      kind: .factoryThrew, path: reached.path,
      message: "\(error.key) could not be made while validating: its closure threw \(what) "
        + "(\(reached.pathDescription)). The container is wired correctly; the error comes from your code or its "
        + "environment.")
  }

  static func taggedRequestSharesUntaggedSingleton(
    request: DefinitionKey, from: DefinitionKey, otherTags: [DefinitionTag]
  )
    -> ValidationWarning
  {
    let name = typeName(request.type)
    let tags = otherTags.map(\.description).sorted().joined(separator: ", ")
    return ValidationWarning(
      kind: .taggedRequestSharesUntaggedSingleton, path: [from, request],
      message: "\(from) asks for \(request), which falls back to the untagged singleton \(name) while \(name) is also "
        + "registered with tag \(tags): every tag without a definition of its own shares that one instance. "
        + "For one instance per environment, register a singleton for each tag: "
        + "`container.register(.singleton, tag: \(request.tag.map(\.description) ?? "tag")) { ... }`.")
  }

  static func heldOnlyWeakly(
    _ made: DefinitionKey, from: DefinitionKey, property: String?, taggedRequest: DefinitionKey?, madeHoldsAsker: Bool
  ) -> ValidationWarning {
    let madeName = typeName(made.type)
    let fromName = typeName(from.type)
    if let property {
      // A screen's view that holds its presenter: `@Injected` there would be a retain cycle.
      let remedy =
        madeHoldsAsker
        ? "Resolve \(madeName) instead (it holds \(fromName), so the request keeps both), or keep \(madeName) "
          + "alive yourself; keep the property weak, since \(madeName) holds \(fromName)."
        : "Give \(madeName) a scope that keeps it (`.singleton`, or `.shared` with a strong holder in the same "
          + "graph), or use `@Injected`."
      return ValidationWarning(
        kind: .heldOnlyWeakly, path: [from, made],
        message: "\(fromName).\(property) (@InjectedWeak) is the only holder of the \(madeName) made for it: it reads "
          + "nil as soon as resolve returns. " + remedy)
    }
    if let taggedRequest, let tag = taggedRequest.tag {
      // Reuse is per requested tag (Dip's rule): the untagged entry point made one instance, the
      // tagged request another, which only the proxy holds. Asked for with the tag, the entry
      // point is the instance the tagged request reuses.
      let entry =
        madeHoldsAsker
        ? "resolve \(madeName) with that tag, which reuses it (`container.resolve(\(madeName).self, tag: \(tag))`)"
        : "keep the instance made for tag \(tag) alive yourself"
      return ValidationWarning(
        kind: .heldOnlyWeakly, path: [from, made],
        message: "\(fromName) asks for \(taggedRequest), which \(madeName) forwards through a weak proxy: a `.shared` "
          + "instance is reused per requested tag (as in Dip), so that request makes another \(madeName) than an "
          + "untagged request for it, and only the proxy holds it: it is released as soon as resolve returns. Forward "
          + "\(typeName(taggedRequest.type)) without a tag and ask for it untagged, or \(entry).")
    }
    // The usual screen: the view (made) holds its presenter (the asker), so resolving the view
    // keeps both. Otherwise nothing in the graph keeps it: it must be kept outside.
    let remedy =
      madeHoldsAsker
      ? "Resolve \(madeName) instead (it holds \(fromName)), or keep it alive yourself."
      : "Nothing \(madeName) makes holds \(fromName): keep \(madeName) alive yourself (resolve and hold it where "
        + "\(fromName) is used), give it a scope that keeps it, or forward it without the weak proxy."
    return ValidationWarning(
      kind: .heldOnlyWeakly, path: [from, made],
      message: "\(madeName) is held only weakly when resolved from \(fromName): it is released as soon as resolve "
        + "returns. " + remedy)
  }

  static func tagNotPassedOn(_ tag: DefinitionTag, path: [DefinitionKey], stoppedAt: Int) -> ValidationWarning {
    let name = path.last.map { typeName($0.type) } ?? "?"
    let names = path.map(\.description).joined(separator: " → ")
    return ValidationWarning(
      kind: .tagNotPassedOn, path: path,
      message: "\(name) is resolved without a tag and gets its untagged definition, although it is registered with tag "
        + "\(tag), which stopped at \(path[stoppedAt - 1]) → \(path[stoppedAt]) (\(names)): "
        + Graph.stoppedTagAdvice(down: name))
  }

  /// - Parameter contributedElsewhere: How many members of the same element type were contributed
  ///   to each other collection (a list, when a map is empty), by its name.
  static func emptyCollection(
    path: [DefinitionKey], registered: [DefinitionKey], contributedElsewhere: [String: Int] = [:]
  ) -> ValidationWarning {
    let names = path.map(\.description).joined(separator: " → ")
    let last = path.last.map(\.description) ?? "?"
    let spelled = registered.map(\.description).sorted()
    let notContributed =
      spelled.isEmpty
      ? "" : " \(spelled.joined(separator: ", ")) \(spelled.count == 1 ? "is" : "are") registered but not contributed."
    let elsewhere = contributedElsewhere.sorted { $0.key < $1.key }.map { collection, count in
      " \(count) \(count == 1 ? "member is" : "members are") contributed to \(collection) instead: a list and a map "
        + "of the same element are separate collections."
    }.joined()
    return ValidationWarning(
      kind: .emptyCollection, path: path,
      message: "\(last) resolved empty because nothing is contributed to it (\(names)).\(notContributed)\(elsewhere) "
        + "Contribute its members with `container.register(into:)` or `.contributes(to:)` on their definitions, or "
        + "keep it empty on purpose.")
  }

  static func laterRequiresAwait(
    from: DefinitionKey, requested: DefinitionKey, definition: DefinitionKey, wrapper: String
  ) -> ValidationWarning {
    let type = typeName(requested.type)
    let call = wrapper == "Lazy" ? "`try lazy()`" : "`try provider()`"
    return ValidationWarning(
      kind: .laterRequiresAwait, path: [from, requested],
      message: "\(from) takes a \(wrapper)<\(type)>, but \(definition) needs `await` to be made (an `async` factory or "
        + "block): each call, \(call), throws `requiresAwait`. Take an `Async\(wrapper)<\(type)>` ("
        + (wrapper == "Lazy" ? "`try await lazy.value`" : "`try await provider()`")
        + "), or make \(definition) an eager singleton (`.eagerSingleton`), which `try await "
        + "container.bootstrap()` makes before it is called.")
  }

  static func collaboratorMembersLeftOut(_ collection: DefinitionKey, members: [DefinitionKey]) -> ValidationWarning {
    let one = members.count == 1
    return ValidationWarning(
      kind: .collaboratorMembersLeftOut, path: [collection],
      message: "\(collection) is resolved from one container of a collaboration, and "
        + "\(one ? "a member" : "\(members.count) members") registered in another \(one ? "is" : "are") not in it: "
        + "\(members.map(\.description).joined(separator: ", ")). Lists of collaborating containers are not "
        + "joined: register each such member in its container as a definition of its own (`register { ... }` in "
        + "place of `register(into:)`) and contribute it to the container whose list you resolve, "
        + "`register(into: \(collection.description).self) { r in try r.resolve(...) }` there, which resolves it "
        + "through the collaboration; or resolve each container's list from that container.")
  }

  /// - Parameter registered: The keys the wrapped type is registered under (with other tags or
  ///   arguments than the request's), which a request that lost its tag would have found.
  /// - Parameter property: The auto-injected property that asked, if one did: the advice is then
  ///   its declaration, not a factory's `r.resolve(tag:)`.
  static func optionalResolvedToNil(
    path: [DefinitionKey], registeredAs registered: [DefinitionKey] = [], property: NilOptional.Property? = nil
  ) -> ValidationWarning {
    let names = path.map(\.description).joined(separator: " → ")
    let last = path.last.map(\.description) ?? "?"
    guard !registered.isEmpty else {
      return ValidationWarning(
        kind: .optionalResolvedToNil, path: path,
        message:
          "\(last) resolved to nil because it is not registered (\(names)). Register it, or keep the nil on purpose.")
    }
    let list = registered.map(\.description).sorted().joined(separator: ", ")
    // One registered tag is spelled; with several, the user picks.
    let tag = registered.count == 1 ? registered[0].tag?.description ?? "nil" : "..."
    let advice =
      property.map { "Declare \($0.name) with that tag: `\($0.declaring(tag))`" }
      ?? "Resolve it with that tag (`try r.resolve(tag: \(tag))`)"
    return ValidationWarning(
      kind: .optionalResolvedToNil, path: path,
      message: "\(last) resolved to nil: nothing is registered for it as it was asked for (\(names)), but it is "
        + "registered as \(list). \(advice), or register it as it is asked for; or keep the nil on purpose.")
  }
}
