// INVARIANT: writes auto-injected properties in place inside a class instance, through
// `withStoredProperty` (Unchecked/TemporaryValue.swift), which trusts the offsets and types below.
//
// Invariants:
// - A plan is made from the runtime's field metadata of one class (the standard library's
//   `_forEachField`, which reads it for `Mirror` too), so
//   each field's offset and type are those of a stored property of every instance of that exact
//   class; ``InjectionPlan/run(on:resolver:)`` is only called with an instance whose dynamic type
//   is the plan's (checked by the caller, `Registration.injectionPlan(for:)`, by metadata address).
// - The instance is alive for the whole call: the caller holds it (the graph keeps it too); in
//   `runAsync`, across its suspensions as well.
// - The property is injected in place. A factory that the resolution runs may read it through
//   its getter meanwhile: it reads the wrapper's storage as it was (nil), and nothing writes it
//   until the value is resolved, so such a read never sees a torn value.
// - Only the thread running the graph that made the instance writes: the instance is new, not yet
//   published to another graph (a singleton is published after its blocks have run).
// Tests: AutoInjectionTests (inherited, generic and subclass fields; a plan per dynamic type).

@_spi(Reflection) import Swift

/// What the container does with a new instance of one class beyond its factory and blocks: the
/// auto-injected properties to fill, and whether it is ``Resolvable``.
///
/// Made once per registration and dynamic type (see `Registration.injectionPlan(for:)`): a type
/// with neither pays one comparison per instance, never a reflection.
@usableFromInline
final class InjectionPlan: Sendable {
  struct Field: Sendable {
    let offset: Int
    let type: any AutoInjectedProperty.Type
    let name: String
  }

  /// The address of the class's metadata.
  let typeBits: UInt
  let type: any AnyObject.Type
  /// Auto-injected properties, superclass ones first, each in declaration order.
  let fields: [Field]
  let isResolvable: Bool

  private init(typeBits: UInt, type: any AnyObject.Type, fields: [Field], isResolvable: Bool) {
    self.typeBits = typeBits
    self.type = type
    self.fields = fields
    self.isResolvable = isResolvable
  }

  /// The address of `type`'s metadata, as plans compare it.
  static func bits(of type: Any.Type) -> UInt { ObjectIdentifier(type).address }

  /// The plan for instances of `type`, or `nil` when they need nothing (not a class, no
  /// auto-injected property, not ``Resolvable``).
  static func make(for type: Any.Type) -> InjectionPlan? {
    guard let classType = type as? any AnyObject.Type else { return nil }
    let isResolvable = type is any Resolvable.Type
    var fields: [Field] = []
    // NB: the standard library's own field reflection (`_forEachField`, the SPI `Mirror` rests
    // on, in every runtime since Swift 5.2), not runtime entry points looked up by name: nothing
    // here can fail to be found on a platform. Superclass fields come first, in declaration order.
    // `.classType` (1) and `.ignoreUnknown` (2) by value: the library declares them as `static var`s,
    // which Swift 6 does not let code read (they are constants in every runtime that has them).
    let options = _EachFieldOptions(rawValue: 1 | 2)
    _forEachField(of: type, options: options) { name, offset, fieldType, _ in
      if let property = fieldType as? any AutoInjectedProperty.Type {
        let name = String(cString: name)
        fields.append(
          Field(offset: offset, type: property, name: name.hasPrefix("_") ? String(name.dropFirst()) : name))
      }
      return true
    }
    fields.sort { $0.offset < $1.offset }
    guard !fields.isEmpty || isResolvable else { return nil }
    return InjectionPlan(typeBits: bits(of: type), type: classType, fields: fields, isResolvable: isResolvable)
  }

  /// Fills the auto-injected properties of `object` (when `autoInjects`), then lets a
  /// ``Resolvable`` resolve its own dependencies. Properties that already have a value are left
  /// alone, so this can run again after a property met a definition still being built.
  func run(on object: AnyObject, resolver: Resolver, autoInjects: Bool) throws {
    if autoInjects {
      for field in fields {
        try Self.inject(
          field.type, into: object, at: field.offset, property: InjectedProperty(owner: type, name: field.name),
          resolver: resolver)
      }
    }
    if isResolvable, let resolvable = object as? any Resolvable {
      try resolvable.resolveDependencies(resolver)
    }
  }

  /// ``run(on:resolver:autoInjects:)`` in an async resolution: each property's value is made
  /// with `await` (see ``AutoInjectedProperty/resolveAsync(_:resolver:)``) and stored as the
  /// synchronous path stores it; ``Resolvable/resolveDependencies(_:)``, the user's synchronous
  /// code, runs as synchronous code of the resolution does.
  ///
  /// For a main-actor instance (`onMainActor`: its factory runs there), the reads and writes of
  /// its properties, their `didInject` and its `resolveDependencies(_:)` run on the main actor;
  /// the properties' values are made where the resolution runs, each in its own isolation.
  ///
  /// ```swift
  /// try await plan.runAsync(on: object, resolver: resolver, autoInjects: true, onMainActor: false)
  /// ```
  func runAsync(on object: AnyObject, resolver: Resolver, autoInjects: Bool, onMainActor: Bool) async throws {
    if autoInjects {
      for field in fields {
        try await Self.injectAsync(
          field.type, into: object, at: field.offset, property: InjectedProperty(owner: type, name: field.name),
          resolver: resolver, onMainActor: onMainActor)
      }
    }
    if isResolvable, let resolvable = object as? any Resolvable {
      guard onMainActor else {
        return try resolver.graph.runningSynchronously { try resolvable.resolveDependencies(resolver) }
      }
      try await MainActorHop.runSynchronously(resolver.graph, (resolvable, resolver)) { input in
        try input.0.resolveDependencies(input.1)
      }
    }
  }

  /// Resolves the property at `offset` in `object` and stores its value in place, unless it has
  /// one already; stored on the main actor when `onMainActor` (its `didInject` runs there).
  /// `object` is alive across the suspension: the caller holds it.
  ///
  /// NB: the wrapper is read where the resolution runs: the instance is new, and nothing else
  /// has it yet (its factory returned it from the main actor before).
  private static func injectAsync<Property: AutoInjectedProperty>(
    _: Property.Type, into object: AnyObject, at offset: Int, property: InjectedProperty, resolver: Resolver,
    onMainActor: Bool
  ) async throws {
    let current = withStoredProperty(of: object, at: offset, as: Property.self) { $0 }
    guard !current.hasValue, let value = try await current.resolveAsync(property, resolver: resolver) else { return }
    let store = { (object: AnyObject) in
      withStoredProperty(of: object, at: offset, as: Property.self) { $0.store(value) }
    }
    guard onMainActor else { return store(object) }
    try await runOnMainActor(store, on: object, in: resolver.graph)
  }

  /// Runs `body` on `object` on the main actor, as synchronous code of `graph`.
  ///
  /// NB: not generic: a closure for the hop written in the generic ``injectAsync(_:into:at:property:resolver:onMainActor:)``
  /// crashes Swift 6.3.1's SIL generation (a reabstraction thunk).
  private static func runOnMainActor(_ body: @escaping (AnyObject) -> Void, on object: AnyObject, in graph: Graph)
    async throws
  {
    try await MainActorHop.runSynchronously(graph, (object, body)) { input in input.1(input.0) }
  }

  private static func inject<Property: AutoInjectedProperty>(
    _: Property.Type, into object: AnyObject, at offset: Int, property: InjectedProperty, resolver: Resolver
  ) throws(ResolutionError) {
    // NB: in place: copying the wrapper out and back cost three value-witness calls a property.
    try withStoredProperty(of: object, at: offset, as: Property.self) { (stored) throws(ResolutionError) in
      guard !stored.hasValue else { return }
      try stored.inject(property, resolver: resolver)
    }
  }
}
