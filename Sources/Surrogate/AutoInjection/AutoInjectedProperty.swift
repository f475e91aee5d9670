/// The storage of an auto-injected property (``Injected``, ``InjectedWeak``), filled in place at
/// its address inside the instance (see ``InjectionPlan``).
protocol AutoInjectedProperty: SendableMetatype {
  /// Whether the property holds what the container injected (or what was assigned).
  var hasValue: Bool { get }
  /// Resolves the property's value with `resolver` and stores it, unless it already has one.
  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError)
}

/// An auto-injected property being injected: its owner and name, for the resolution context and
/// errors.
struct InjectedProperty {
  /// The instance's type (the dynamic one: a subclass's inherited properties name the subclass).
  let owner: Any.Type
  /// The property's name, without the wrapper's leading underscore.
  let name: String

  /// `error`, from resolving the property's value, as the owner's failure: the path names the
  /// property. A cycle passes unchanged, so that the graph can postpone the injection until the
  /// definition it met is built.
  func failed(_ error: ResolutionError, resolver: Resolver) -> ResolutionError {
    guard error.code != .circularDependency else { return error }
    var properties = error.properties
    properties[resolver.graph.frameCount - 1] = name
    return ResolutionError(
      .propertyInjectionFailed, key: error.key, path: error.path,
      message: "Cannot auto-inject \(typeName(owner)).\(name): \(error.message)",
      remedy: error.remedy + " Or declare the property optional: `@Injected(required: false) var \(name): T?`.",
      cause: error, properties: properties)
  }
}

extension InjectedProperty {
  /// Resolves the property's value with its tag: `nil` when that fails and the property is not
  /// required; a failure of a required one is the owner's (see ``failed(_:resolver:)``).
  func resolve<Value>(_: Value.Type, tag: InjectionTag, isRequired: Bool, resolver: Resolver)
    throws(ResolutionError) -> Value?
  {
    let key = tag.key(for: Value.self, resolver: resolver)
    do {
      // NB: the erased path reaches the registration's specialized producer; `resolve(key:)`
      // ran `Graph.resolve` unspecialized for `Value` (generic metadata lookups).
      return try resolver.graph.injecting(self) { () throws(ResolutionError) -> Value in
        try resolver.resolve(Value.self, tagSlot: key.tagSlot)
      }
    } catch {
      guard isRequired else { return nil }
      throw failed(error, resolver: resolver)
    }
  }
}

extension Injected: AutoInjectedProperty {
  var hasValue: Bool { isInjected }

  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) {
    guard !isInjected,
      let value = try property.resolve(Value.self, tag: tag, isRequired: isRequired, resolver: resolver)
    else { return }
    storage = value
    isInjected = true
    didInject?(value)
  }
}

extension InjectedWeak: AutoInjectedProperty {
  var hasValue: Bool { isInjected }

  mutating func inject(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) {
    guard !isInjected, let value = try resolveWeakly(property, resolver: resolver) else { return }
    guard Swift.type(of: value as Any) is AnyClass else {
      let key = tag.key(for: Value.self, resolver: resolver)
      throw ResolutionError(
        .propertyInjectionFailed, key: key, path: resolver.graph.path(to: key),
        message: "Cannot auto-inject \(typeName(property.owner)).\(property.name) weakly: "
          + "\(key) resolved to a \(typeName(Swift.type(of: value as Any))), which is not a class instance.",
        remedy: "Use `@Injected` for values, or register a class for \(typeName(Value.self)).",
        properties: [resolver.graph.frameCount - 1: property.name])
    }
    object = value as AnyObject
    isInjected = true
    didInject?(value)
  }

  /// Resolves the value, telling the graph's observer (validation, graph export) that this
  /// request hands its instance to a weak reference: `validate()` warns when nothing else keeps
  /// the instance alive.
  private func resolveWeakly(_ property: InjectedProperty, resolver: Resolver) throws(ResolutionError) -> Value? {
    guard let observer = resolver.graph.observer else {
      return try property.resolve(Value.self, tag: tag, isRequired: isRequired, resolver: resolver)
    }
    let key = tag.key(for: Value.self, resolver: resolver)
    observer.injectsWeakly(key, property: property.name, isStarting: true)
    defer { observer.injectsWeakly(key, property: property.name, isStarting: false) }
    return try property.resolve(Value.self, tag: tag, isRequired: isRequired, resolver: resolver)
  }
}
