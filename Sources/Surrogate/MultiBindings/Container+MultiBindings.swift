// Multi-bindings: several registrations that together make one collection.
//
// NB: the names. `register(into:)` registers a member, a definition with a scope of its own that
// takes `resolvingProperties` blocks like any other, so it is a `register`; `into:` says where it
// goes. The label keeps it apart from the existing `register` overloads (they have no `into:`
// parameter, so no call can be ambiguous between them, trailing closure or not), and the factory
// returns the element type, so Swift checks at compile time that a member is an element. A
// definition that is already registered joins a collection with `.contributes(to:)`, a
// modifier like `.implements(...)`: auto-wired initializers, `async` and main-actor factories,
// decorated and tagged definitions all contribute that way, with no `register(into:)` overload
// per kind of factory.
extension Container {
  /// Registers a member of a list: resolving `[Element]` builds every member contributed to it, in
  /// the order they were registered.
  ///
  /// ```swift
  /// container.register(into: [any HealthCheck].self) { r in DatabaseCheck(pool: try r.resolve()) }
  /// container.register(into: [any HealthCheck].self) { DiskSpaceCheck(minimumFree: 1 << 30) }
  /// let checks = try container.resolve([any HealthCheck].self)  // [DatabaseCheck, DiskSpaceCheck]
  /// ```
  ///
  /// Each call adds a member, from any number of assemblies. A child container's list is its
  /// parent's members followed by its own; a parent never sees a child's members. The list is a
  /// definition of its own: built once per object graph, so its members are built in the graph
  /// that asked (a `.shared` dependency of a member is the graph's), and it is requested like any
  /// type: `try r.resolve()`, an auto-wired parameter, `validate()`, the graph export. A list
  /// nothing is contributed to resolves to `[]`, and ``validate()`` warns
  /// (``ValidationWarning/Kind/emptyCollection``). Registering `[Element]` itself replaces the
  /// list, and a later member brings it back (last wins, as with any `register`).
  ///
  /// The member is registered under a key of its own, which errors and the graph export name with
  /// its position and where it was registered: `HealthCheck #1 of Array<HealthCheck>
  /// (App/Checks.swift:14)`. For an `async` or main-actor member, register it as a definition and
  /// contribute that with ``Definition/contributes(to:)``.
  ///
  /// - Parameters:
  ///   - scope: How long the member lives and who shares it; ``Scope/shared`` by default.
  ///   - collection: The list to join.
  ///   - fileID: Where the member is registered, for the messages that name it.
  ///   - line: The line it is registered on.
  ///   - factory: Makes the member. Resolve its dependencies through its parameter.
  /// - Returns: The member's definition, for `resolvingProperties` blocks.
  @discardableResult
  public func register<Element>(
    _ scope: Scope = .shared, into collection: [Element].Type, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Element
  ) -> Definition<Element, Void> {
    registerMember(
      scope, of: DefinitionKey(type: [Element].self), mapKey: nil, origin: "\(fileID):\(line)",
      factory: { r, _ in try factory(r) },
      collectionEntry: { id in CollectionRegistration.list(of: Element.self, id: id) })
  }

  /// Registers a member of a list that needs nothing from the container.
  ///
  /// ```swift
  /// container.register(into: [any HealthCheck].self) { DiskSpaceCheck(minimumFree: 1 << 30) }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long the member lives and who shares it; ``Scope/shared`` by default.
  ///   - collection: The list to join.
  ///   - fileID: Where the member is registered, for the messages that name it.
  ///   - line: The line it is registered on.
  ///   - factory: Makes the member.
  /// - Returns: The member's definition.
  @discardableResult
  public func register<Element>(
    _ scope: Scope = .shared, into collection: [Element].Type, fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable () throws -> Element
  ) -> Definition<Element, Void> {
    registerMember(
      scope, of: DefinitionKey(type: [Element].self), mapKey: nil, origin: "\(fileID):\(line)",
      factory: { _, _ in try factory() },
      collectionEntry: { id in CollectionRegistration.list(of: Element.self, id: id) })
  }

  /// Registers a member of a map under `key`: resolving `[Key: Element]` builds every member
  /// contributed to it.
  ///
  /// ```swift
  /// container.register(into: [String: any RouteModule].self, key: "orders") { r in
  ///   OrdersRoutes(repository: try r.resolve())
  /// }
  /// container.register(into: [String: any RouteModule].self, key: "health") { HealthRoutes() }
  /// let routes = try container.resolve([String: any RouteModule].self)  // ["orders": …, "health": …]
  /// ```
  ///
  /// A map follows the rules of a list (see ``register(_:into:fileID:line:factory:)-(_,_,_,_,(Resolver)->Element)``),
  /// and two members under one key, in one container or in a container and its ancestor, make
  /// resolving the map throw ``ResolutionError/Code/duplicateCollectionKey``, naming both, before
  /// any member is built; ``validate()`` reports it.
  ///
  /// - Parameters:
  ///   - scope: How long the member lives and who shares it; ``Scope/shared`` by default.
  ///   - collection: The map to join.
  ///   - key: The member's key in the map.
  ///   - fileID: Where the member is registered, for the messages that name it.
  ///   - line: The line it is registered on.
  ///   - factory: Makes the member. Resolve its dependencies through its parameter.
  /// - Returns: The member's definition, for `resolvingProperties` blocks.
  @discardableResult
  public func register<Key: Hashable & Sendable, Element>(
    _ scope: Scope = .shared, into collection: [Key: Element].Type, key: Key, fileID: StaticString = #fileID,
    line: UInt = #line, factory: @escaping @Sendable (Resolver) throws -> Element
  ) -> Definition<Element, Void> {
    registerMember(
      scope, of: DefinitionKey(type: [Key: Element].self), mapKey: DefinitionTag(typed: key),
      origin: "\(fileID):\(line)", factory: { r, _ in try factory(r) },
      collectionEntry: { id in CollectionRegistration.map(of: [Key: Element].self, id: id) })
  }

  /// Registers a member of a map under `key` that needs nothing from the container.
  ///
  /// ```swift
  /// container.register(into: [String: any RouteModule].self, key: "health") { HealthRoutes() }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long the member lives and who shares it; ``Scope/shared`` by default.
  ///   - collection: The map to join.
  ///   - key: The member's key in the map.
  ///   - fileID: Where the member is registered, for the messages that name it.
  ///   - line: The line it is registered on.
  ///   - factory: Makes the member.
  /// - Returns: The member's definition.
  @discardableResult
  public func register<Key: Hashable & Sendable, Element>(
    _ scope: Scope = .shared, into collection: [Key: Element].Type, key: Key, fileID: StaticString = #fileID,
    line: UInt = #line, factory: @escaping @Sendable () throws -> Element
  ) -> Definition<Element, Void> {
    registerMember(
      scope, of: DefinitionKey(type: [Key: Element].self), mapKey: DefinitionTag(typed: key),
      origin: "\(fileID):\(line)", factory: { _, _ in try factory() },
      collectionEntry: { id in CollectionRegistration.map(of: [Key: Element].self, id: id) })
  }
}
