/// The storage of an auto-injected property (``Injected``, ``InjectedWeak``), filled in place at
/// its address inside the instance (see ``InjectionPlan``).
protocol AutoInjectedProperty: SendableMetatype {
  /// What the property holds once injected.
  associatedtype Resolved
  /// Whether the property holds what the container injected (or what was assigned).
  var hasValue: Bool { get }
  /// Resolves the property's value with `resolver` and stores it, unless it already has one.
  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError)
  /// Resolves the property's value in an async resolution, awaiting what needs it, without
  /// storing it: `nil` when the property stays empty (see ``InjectedProperty/resolve(_:tag:isRequired:isWeak:resolver:)``).
  ///
  /// ```swift
  /// if let value = try await pointer.pointee.resolveAsync(property, resolver: resolver) {
  ///   pointer.pointee.store(value)
  /// }
  /// ```
  func resolveAsync(_ property: InjectedProperty, resolver: Resolver) async throws -> Resolved?
  /// Stores a resolved value, as ``inject(_:resolver:)`` does.
  mutating func store(_ value: Resolved)
}

/// An auto-injected property being injected: its owner and name, for the resolution context and
/// errors.
struct InjectedProperty {
  /// The instance's type (the dynamic one: a subclass's inherited properties name the subclass).
  let owner: Any.Type
  /// The property's name, without the wrapper's leading underscore.
  let name: String

  /// `error`, from resolving the property's value under `key`, as the owner's failure: the path
  /// names the property, and the remedy names the declaration that would make the property `nil`
  /// instead, spelled with the wrapper the property uses. A cycle passes unchanged: it is reported
  /// as `circularDependency`, with the path that closed it, wherever it is met.
  func failed(_ error: ResolutionError, key: DefinitionKey, declaration: InjectedDeclaration, resolver: Resolver)
    -> ResolutionError
  {
    guard error.code != .circularDependency else { return error }
    var properties = error.properties
    properties[resolver.graph.frameCount - 1] = name
    let isMissing = resolver.graph.meansNil(error, for: key)
    // Where it is resolved fixes a property that needs `await` or the main actor: `required:
    // false` would only turn the error into a `nil`.
    let needsIsolation = error.code == .requiresAwait || error.code == .requiresMainActor
    return ResolutionError(
      .propertyInjectionFailed, key: error.key, path: error.path,
      message: "Cannot auto-inject \(typeName(owner)).\(name): \(error.message)",
      remedy: needsIsolation ? error.remedy : error.remedy + " " + declaration.remedy(for: self, isMissing: isMissing),
      cause: error, properties: properties, askers: error.askers)
  }
}

extension InjectedProperty {
  /// Resolves the property's value with its tag: `nil` for an optional property when nothing is
  /// registered for its type, and when anything fails for one that is not required; a failure of
  /// a required one is the owner's (see ``failed(_:key:declaration:resolver:)``).
  ///
  /// NB: one rule for both wrappers. `@Injected var x: T?` resolves `T?`, which the container
  /// answers with `nil` when nothing is registered; `@InjectedWeak var x: T?` resolves `T` (it
  /// holds an object, never an optional), so the same test (``Graph/meansNil(_:for:)``) is made
  /// here. The declaration is described only on failure: the success path passes one flag more.
  func resolve<Value>(_: Value.Type, tag: InjectionTag, isRequired: Bool, isWeak: Bool, resolver: Resolver)
    throws(ResolutionError) -> Value?
  {
    let key = tag.key(for: Value.self, resolver: resolver)
    do {
      // NB: the erased path reaches the registration's specialized producer; `resolve(key:)`
      // ran `Graph.resolve` unspecialized for `Value` (generic metadata lookups).
      let value = try resolver.graph.injecting(self) { () throws(ResolutionError) -> Value in
        try resolver.resolve(Value.self, tagSlot: key.tagSlot)
      }
      if resolver.graph.isValidation {
        nameNilOptional(key, isWeak: isWeak, isRequired: isRequired, in: resolver.graph)
      }
      return value
    } catch {
      return try unresolved(
        Value.self, error, key: key, tag: tag, isRequired: isRequired, isWeak: isWeak,
        resolver: resolver)
    }
  }

  /// ``resolve(_:tag:isRequired:isWeak:resolver:)`` in an async resolution: the value is made
  /// with `await`, in its own isolation (an `async` definition awaited, a main-actor one on the
  /// main actor), so nothing before it is made again. A cancellation is not a failure to resolve
  /// the property: it passes, whatever the declaration.
  ///
  /// ```swift
  /// let value = try await property.resolveAsync(Value.self, tag: tag, isRequired: true, isWeak: false, resolver: r)
  /// ```
  func resolveAsync<Value>(_: Value.Type, tag: InjectionTag, isRequired: Bool, isWeak: Bool, resolver: Resolver)
    async throws -> Value?
  {
    let key = tag.key(for: Value.self, resolver: resolver)
    do {
      let value = try await resolver.graph.injectingAsync(self) { () async throws -> Value in
        try await resolver.graph.resolveAsync(key, arguments: (), from: resolver.container)
      }
      if resolver.graph.isValidation {
        nameNilOptional(key, isWeak: isWeak, isRequired: isRequired, in: resolver.graph)
      }
      return value
    } catch let error as ResolutionError {
      return try unresolved(
        Value.self, error, key: key, tag: tag, isRequired: isRequired, isWeak: isWeak,
        resolver: resolver)
    }
  }

  /// Validation only: names this property as the asker of the optional request for `key` that the
  /// container answered with `nil` (`@Injected var x: T?`), so that the warning's advice is the
  /// property's declaration.
  private func nameNilOptional(_ key: DefinitionKey, isWeak: Bool, isRequired: Bool, in graph: Graph) {
    let declaration = InjectedDeclaration(isWeak: isWeak, tag: .inherited, isRequired: isRequired, valueType: key.type)
    graph.nameNilOptional(key, property: described(declaration))
  }

  private func described(_ declaration: InjectedDeclaration) -> NilOptional.Property {
    NilOptional.Property(name: "\(typeName(owner)).\(name)") { declaration.spelled(for: self, tag: $0) }
  }

  /// The property's value when resolving it failed with `error`: `nil` for an optional property
  /// whose type nothing registers, or one that is not required; else the owner's failure.
  private func unresolved<Value>(
    _: Value.Type, _ error: ResolutionError, key: DefinitionKey, tag: InjectionTag, isRequired: Bool, isWeak: Bool,
    resolver: Resolver
  ) throws(ResolutionError) -> Value? {
    let declaration = InjectedDeclaration(isWeak: isWeak, tag: tag, isRequired: isRequired, valueType: Value.self)
    if declaration.isOptional, resolver.graph.meansNil(error, for: key) {
      resolver.graph.noteNilOptional(key.with(type: Value?.self), property: described(declaration))
      return nil
    }
    guard isRequired else { return nil }
    throw failed(error, key: key, declaration: declaration, resolver: resolver)
  }
}

/// How an auto-injected property is declared: whether it is optional, and what a remedy needs to
/// spell the declaration the user would write.
struct InjectedDeclaration {
  /// `@InjectedWeak` rather than `@Injected`.
  let isWeak: Bool
  let tag: InjectionTag
  let isRequired: Bool
  /// The wrapper's `Value`: the property's type for `@Injected`, the type it holds for
  /// `@InjectedWeak` (whose property is `Value?`).
  let valueType: Any.Type

  var wrapper: String { isWeak ? "@InjectedWeak" : "@Injected" }

  /// Whether the property's type is optional: `@Injected var x: T?`, and every `@InjectedWeak`.
  var isOptional: Bool { isWeak || valueType is any OptionalValue.Type }

  /// The type the property holds: `T` for `var x: T` and `var x: T?`.
  var heldType: Any.Type {
    isWeak ? valueType : (valueType as? any OptionalValue.Type)?.wrappedType ?? valueType
  }

  /// The optional form of the held type, as a declaration spells it: `Ledger?`, `(any Observer)?`.
  var optionalSpelling: String {
    let held = typeName(heldType)
    return InstanceType.isExistential(heldType) ? "(any \(held))?" : "\(held)?"
  }

  /// The declaration of `property`, an optional one, with `tag` (a Swift literal) as its tag:
  /// `@Injected(tag: "audit") var ledger: Ledger?`.
  func spelled(for property: InjectedProperty, tag: String) -> String {
    let arguments = ["tag: \(tag)"] + (isRequired ? [] : ["required: false"])
    return "\(wrapper)(\(arguments.joined(separator: ", "))) var \(property.name): \(optionalSpelling)"
  }

  /// The last sentence of a remedy for `property`: declare it optional (when nothing is
  /// registered for a required non-optional one, `isMissing`), or not required.
  func remedy(for property: InjectedProperty, isMissing: Bool) -> String {
    let owner = "\(typeName(property.owner)).\(property.name)"
    var arguments: [String] = []
    if case .explicit(let tag) = tag { arguments.append("tag: \(tag.map(\.description) ?? "nil")") }
    if !isOptional, isMissing {
      let attribute = wrapper + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
      return
        "Or, if \(owner) may be absent, declare it optional: `\(attribute) var \(property.name): \(optionalSpelling)` "
        + "is nil when nothing is registered for \(typeName(heldType))."
    }
    arguments.append("required: false")
    return "Or let \(owner) be nil whatever fails: "
      + "`\(wrapper)(\(arguments.joined(separator: ", "))) var \(property.name): \(optionalSpelling)`."
  }
}

/// `Optional`, for code that needs the type it wraps.
protocol OptionalValue {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalValue {
  static var wrappedType: Any.Type { Wrapped.self }
}

extension Injected: AutoInjectedProperty {
  var hasValue: Bool { isInjected }

  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) {
    guard !isInjected,
      let value = try property.resolve(Value.self, tag: tag, isRequired: isRequired, isWeak: false, resolver: resolver)
    else { return }
    store(value)
  }

  func resolveAsync(_ property: InjectedProperty, resolver: Resolver) async throws -> Value? {
    try await property.resolveAsync(Value.self, tag: tag, isRequired: isRequired, isWeak: false, resolver: resolver)
  }

  mutating func store(_ value: Value) {
    storage = value
    isInjected = true
    didInject?(value)
  }
}

extension InjectedWeak: AutoInjectedProperty {
  var hasValue: Bool { isInjected }

  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) {
    guard !isInjected, let value = try resolveWeakly(property, resolver: resolver) else { return }
    try checkIsObject(value, property, resolver: resolver)
    store(value)
  }

  func resolveAsync(_ property: InjectedProperty, resolver: Resolver) async throws -> Value? {
    let value: Value?
    if let observer = resolver.graph.observer {
      let key = tag.key(for: Value.self, resolver: resolver)
      observer.injectsWeakly(key, property: property.name, isStarting: true)
      defer { observer.injectsWeakly(key, property: property.name, isStarting: false) }
      value = try await property.resolveAsync(
        Value.self, tag: tag, isRequired: isRequired, isWeak: true, resolver: resolver)
    } else {
      value = try await property.resolveAsync(
        Value.self, tag: tag, isRequired: isRequired, isWeak: true, resolver: resolver)
    }
    guard let value else { return nil }
    try checkIsObject(value, property, resolver: resolver)
    return value
  }

  mutating func store(_ value: Value) {
    hold(value as AnyObject)
    isInjected = true
    didInject?(value)
  }

  /// A weak property holds a class instance: anything else would be `nil` at once, and is an error.
  private func checkIsObject(_ value: Value, _ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) {
    guard !(Swift.type(of: value as Any) is AnyClass) else { return }
    let key = tag.key(for: Value.self, resolver: resolver)
    throw ResolutionError(
      .propertyInjectionFailed, key: key, path: resolver.graph.path(to: key),
      message: "Cannot auto-inject \(typeName(property.owner)).\(property.name) weakly: "
        + "\(key) resolved to a \(typeName(Swift.type(of: value as Any))), which is not a class instance.",
      remedy: "Use `@Injected` for values, or register a class for \(typeName(Value.self)).",
      properties: [resolver.graph.frameCount - 1: property.name])
  }

  /// Resolves the value, telling the graph's observer (validation, graph export) that this
  /// request hands its instance to a weak reference: `validate()` warns when nothing else keeps
  /// the instance alive.
  private func resolveWeakly(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) -> Value? {
    guard let observer = resolver.graph.observer else {
      return try property.resolve(Value.self, tag: tag, isRequired: isRequired, isWeak: true, resolver: resolver)
    }
    let key = tag.key(for: Value.self, resolver: resolver)
    observer.injectsWeakly(key, property: property.name, isStarting: true)
    defer { observer.injectsWeakly(key, property: property.name, isStarting: false) }
    return try property.resolve(Value.self, tag: tag, isRequired: isRequired, isWeak: true, resolver: resolver)
  }
}
