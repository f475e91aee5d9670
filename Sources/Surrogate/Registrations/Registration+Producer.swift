// INVARIANT: `trustedDowncast` trusts the key (a registration stored under `TypeKey(T, Arguments)`
// is a `Registration<T, Arguments>`, see Unchecked/Trusted.swift); `out` is a `ValueSlot` for one
// `Instance`, initialized exactly when the producer returns (see Unchecked/TemporaryValue.swift).

extension Registration {
  /// The `producer` of a registration made in specialized code (see `insertRegistration`).
  @inlinable
  static func specializedProducer() -> ErasedProducer {
    { object, out, arguments, graph, requested, owner, lookup throws(ResolutionError) -> Bool in
      let registration = trustedDowncast(object, to: Registration.self)
      var isNew = false
      // The key guarantees the argument type; `Void` needs no cast.
      let instance = try registration.produce(
        Arguments.self == Void.self ? () as! Arguments : arguments as! Arguments, in: graph,
        requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
      out.initialize(to: instance)
      return isNew
    }
  }
}

/// Produces a registration's instance for code that knows its types only at run time.
///
/// Such code (a forwarded type, a dependency that auto-wiring resolves from a parameter pack,
/// which the optimizer does not specialize) would otherwise run `Registration`'s unspecialized
/// code, which asks the runtime for the metadata of `Instance?` and `Shared<Instance>` several
/// times per instance. A producer is a closure made where the registration was created, in code
/// specialized for its types. It builds the instance into `out` (uninitialized memory for the
/// registered type) and returns whether it was made now.
@usableFromInline
typealias ErasedProducer =
  @Sendable (
    _ registration: AnyObject, _ out: ValueSlot, _ arguments: Any, _ graph: Graph,
    _ requested: DefinitionKey, _ owner: Container, _ lookup: Container
  ) throws(ResolutionError) -> Bool
