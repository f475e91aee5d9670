/// Identifies one registration across edits of its `resolvingProperties` blocks.
///
/// `serial` is unique within `container`; the pair is unique while the container lives, and every
/// graph keeps its containers alive.
@usableFromInline
struct RegistrationID: Hashable, Sendable {
  @usableFromInline let container: ObjectIdentifier
  @usableFromInline let serial: Int

  /// NB: graphs look `.shared` instances up by id on every reusable request; a multiply-xorshift
  /// mix of the serial and the container's address (see ``TypeKey``) costs a fraction of SipHash.
  @usableFromInline
  func _rawHashValue(seed: Int) -> Int {
    TypeKey(type: container, arguments: ObjectIdentifier(RegistrationID.self))._rawHashValue(seed: seed ^ serial)
  }
}

/// An instance produced for a request, and whether this request created it (so that forwarded
/// definitions know whether to run their own `resolvingProperties` blocks).
@usableFromInline
struct Produced {
  @usableFromInline let instance: Any
  @usableFromInline let isNew: Bool

  @usableFromInline
  init(instance: Any, isNew: Bool) {
    self.instance = instance
    self.isNew = isNew
  }
}

/// What the registry stores under a key: a ``Registration`` or a ``Forwarding``.
///
/// Entries are immutable. Editing one (appending a `resolvingProperties` block) stores a copy with
/// the same ``id``, so a resolution that already holds an entry never sees it change.
@usableFromInline
protocol Entry: AnyObject, Sendable {
  var id: RegistrationID { get }
  var key: DefinitionKey { get }
  /// The key of the registration that makes the instances: itself, or a forwarding's source.
  var sourceKey: DefinitionKey { get }
  var isForwarding: Bool { get }

  /// Whether resolving this entry hands the instance out through a weak reference.
  var forwardsWeakly: Bool { get }
  /// Whether the factory must run on the main actor.
  var isMainActorIsolated: Bool { get }
  /// Whether, under `try await resolve`, the factory resolves its dependencies with `await` (an
  /// `async` factory, or one the container wrote: auto-wiring, a list or map); `false` for a
  /// synchronous factory of the user's, which makes them synchronously there too. What a
  /// `requiresAwait` or `requiresMainActor` remedy tells to change.
  var awaitsDependenciesWhenAwaited: Bool { get }
  /// Whether the container keeps this entry's instances (a singleton or a custom scope).
  var keepsInstances: Bool { get }
  /// Whether a synchronous resolution may be unable to make this entry's instance (an `async` or
  /// main-actor factory or block), or cannot tell (a forwarding to another container's
  /// definition): the registry lists these entries (see ``Registry/awaitsNothingNow``).
  var mayNeedAwait: Bool { get }
  /// Whether the factory or a block is `async`: no synchronous resolution can make the instance,
  /// on the main actor either (one that only runs on the main actor can be made there).
  var needsAwaitOnAnyActor: Bool { get }
  /// Whether a synchronous resolution may be unable to make the instance now: ``mayNeedAwait``,
  /// unless the instance is a made strong singleton.
  var needsAwaitNow: Bool { get }
  /// Specialized production for callers that know the types only at run time, if the entry has it.
  var producer: ErasedProducer? { get }

  /// Produces the instance with type-erased arguments.
  func produce(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced

  /// ``produce(arguments:in:requested:owner:lookup:)`` for a caller that casts the instance to the
  /// requested type itself, and throws ``Graph/invalidType(requested:instance:source:depth:)``
  /// when it is not one: a forwarding then leaves its type check to that cast.
  ///
  /// NB: the cast in the caller's specialized code is the only one: a forwarding's own check and
  /// the caller's cast were each a conformance lookup of about 800 instructions for a decorated
  /// protocol (server-flat, callgrind: 19,993 to 19,201 instructions a request).
  func produceForTypedCaller(
    arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container
  ) throws(ResolutionError) -> Produced

  /// The instance `graph` keeps of this definition for `requested` (not `.unique`), as an object.
  func reusableInstance(in graph: Graph, requested: DefinitionKey) -> AnyObject?

  /// Produces the instance in an async resolution.
  func produceAsync(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced
}

extension Entry {
  @usableFromInline
  func produceForTypedCaller(
    arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container
  ) throws(ResolutionError) -> Produced {
    try produce(arguments: arguments, in: graph, requested: requested, owner: owner, lookup: lookup)
  }
  @usableFromInline func reusableInstance(in graph: Graph, requested: DefinitionKey) -> AnyObject? { nil }
  @usableFromInline var forwardsWeakly: Bool { false }
  @usableFromInline var isMainActorIsolated: Bool { false }
  @usableFromInline var awaitsDependenciesWhenAwaited: Bool { true }
  @usableFromInline var needsAwaitOnAnyActor: Bool { false }
  @usableFromInline var keepsInstances: Bool { false }
  @usableFromInline var mayNeedAwait: Bool { false }
  @usableFromInline var needsAwaitNow: Bool { mayNeedAwait }
  @usableFromInline var producer: ErasedProducer? { nil }
}
