/// A registered definition: forward more types to it and add property-injection blocks.
///
/// ```swift
/// container.register(.shared) { ListPresenter() }
///   .implements(ListInteractorOutput.self, ListModuleInterface.self)
///   .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
/// ```
///
/// A definition is a handle: its methods change the container it came from. When the definition
/// has since been replaced or removed, they leave the container alone. Decorating its type
/// (``Container/decorate(_:tag:with:)``) does neither: the definition keeps working, whichever
/// order the calls are made in.
public struct Definition<Instance, Arguments>: Sendable {
  @usableFromInline let container: Container
  @usableFromInline let id: RegistrationID
  @usableFromInline let type: Any.Type
  @usableFromInline let scopeKind: Scope.Kind
  /// The key, source key and scope of a definition that has runtime arguments, a tag, a source
  /// of its own or a custom scope; `nil` for the plain `register { ... }`.
  ///
  /// NB: a definition is at most six words, all of them plain or a single reference. A larger
  /// one (the two keys and the scope stored here, 15 words) made generic code that discards
  /// `register`'s result destroy it through its value witnesses, which instantiated the metadata
  /// of `Definition<T, A>` for every type registered: 140 bytes a new type (issue #25, item 2).
  @usableFromInline let rare: DefinitionRarities?

  @inlinable
  init(container: Container, id: RegistrationID, key: DefinitionKey, sourceKey: DefinitionKey, scope: Scope) {
    self.container = container
    self.id = id
    self.type = key.type
    self.scopeKind = scope.kind
    let isPlain =
      key.argumentsType == Void.self && key.tagSlot.isNone && sourceKey == key && scope.kind != .custom
    self.rare = isPlain ? nil : DefinitionRarities(key: key, sourceKey: sourceKey, scope: scope)
  }

  /// The key this definition is registered under.
  ///
  /// ```swift
  /// let definition = container.register(tag: "primary") { Database() }
  /// precondition(definition.key == DefinitionKey(type: Database.self, tag: DefinitionTag("primary")))
  /// ```
  public var key: DefinitionKey { rare?.key ?? DefinitionKey(type: type, tagSlot: .none) }

  /// The key of the definition that makes the instances: this one's, or a forwarding's source.
  var sourceKey: DefinitionKey { rare?.sourceKey ?? key }

  /// The scope of the instances; forwarded definitions share their source's.
  ///
  /// ```swift
  /// let definition = container.register(.singleton) { Database() }
  /// precondition(definition.scope == .singleton)
  /// ```
  public var scope: Scope { rare?.scope ?? Scope(kind: scopeKind) }

  /// Forwards any number of types to this definition: each resolves to the same instance, in the
  /// same scope.
  ///
  /// ```swift
  /// container.register(.shared) { ListPresenter() }
  ///   .implements(ListInteractorOutput.self, ListModuleInterface.self, AddModuleDelegate.self)
  /// ```
  ///
  /// Swift cannot check conformance here; a type the instance does not implement throws
  /// ``ResolutionError/Code/invalidType`` when resolved, and ``Container/validate()`` reports it.
  ///
  /// - Parameters:
  ///   - types: The types to forward.
  ///   - tag: The tag the forwarded types are registered under.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func implements<each Forwarded>(
    _ types: repeat (each Forwarded).Type, tag: (any Hashable & Sendable)? = nil
  ) -> Definition {
    for type in repeat each types {
      container.register(self, type: type, tag: tag)
    }
    return self
  }

  /// Adds a block that sets properties after the instance is made and stored, before it is
  /// handed out.
  ///
  /// Blocks run in the order they were added, each time the definition makes an instance. Because
  /// the instance is already stored in the graph, a `.shared` view and presenter can refer to each
  /// other: each factory and each block runs exactly once. Through a forwarded type, the source
  /// definition's blocks run first, then the forwarded definition's.
  ///
  /// When the instance is made inside the factory of a definition whose instance the graph keeps
  /// (`.shared`, a singleton, `.scoped`), its blocks wait until the outermost such factory has
  /// returned and its instance is stored, and then run, in the order the instances were made,
  /// before that definition's own blocks. So a child's block can resolve the parent being made
  /// with it (Dip's initializer cycle), and the parent's factory does not see what the child's
  /// blocks do. If that factory fails, the blocks never run. Auto-injected properties and
  /// ``Resolvable/resolveDependencies(_:)`` wait the same way.
  ///
  /// ```swift
  /// container.register(.shared) { ListViewController() }
  ///   .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  /// // The parent takes its child in `init`; the child's block runs once the parent exists.
  /// container.register(.shared) { r in Parent(child: try r.resolve()) }
  /// container.register(.shared) { Child() }
  ///   .resolvingProperties { r, child in child.parent = try r.resolve() }
  /// ```
  ///
  /// - Parameter block: Receives the graph's resolver and the new instance.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func resolvingProperties(_ block: @escaping @Sendable (Resolver, Instance) throws -> Void) -> Definition {
    container.append(block, to: self)
    return self
  }

  /// Turns auto-injection of ``Injected`` and ``InjectedWeak`` properties on or off for this
  /// definition, whatever its container says.
  ///
  /// ```swift
  /// let container = Container(autoInjectProperties: false)
  /// container.register { OrderPresenter() }.autoInjectingProperties(true)
  /// container.register { LegacyScreen() }.autoInjectingProperties(false)
  /// ```
  ///
  /// - Parameter enabled: Whether the definition's instances get their properties filled.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func autoInjectingProperties(_ enabled: Bool) -> Definition {
    container.setAutoInjection(enabled, of: self)
    return self
  }
}

/// What only some definitions store (see `Definition.rare`).
///
/// NB: not nested in `Definition`: a class nested in a generic type is generic itself, and its
/// metadata would be made for every type registered.
@usableFromInline
final class DefinitionRarities: Sendable {
  let key: DefinitionKey
  let sourceKey: DefinitionKey
  let scope: Scope

  @usableFromInline
  init(key: DefinitionKey, sourceKey: DefinitionKey, scope: Scope) {
    self.key = key
    self.sourceKey = sourceKey
    self.scope = scope
  }
}
