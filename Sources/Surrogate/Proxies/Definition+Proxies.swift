extension Definition {
  /// Forwards a type to this definition through a proxy: resolving `type` resolves this
  /// definition (same scope and, for the same tag, same instance) and hands out `makeProxy(instance)` as `type`.
  ///
  /// This makes the MVP composition two registrations: the presenter receives the view protocol
  /// through a `WeakRefProxy`, so it holds the view controller weakly while the controller holds
  /// the presenter strongly, and dropping the controller releases both.
  ///
  /// ```swift
  /// container.register(.shared) { ListViewController() }
  ///   .implements((any ListView).self, through: WeakRefProxy.init)
  ///   .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  /// container.autowire(ListPresenter.init)   // ListPresenter(view: any ListView)
  /// ```
  ///
  /// The proxy must conform to `type` (`extension WeakRefProxy: ListView where T: ListView {}`);
  /// when it does not, resolving `type` throws ``ResolutionError/Code/invalidType``.
  ///
  /// With a `tag`, a `.shared` definition's instance is reused per requested tag, as in Dip: a
  /// request for `type` with that tag gets another instance than an untagged request for the
  /// definition, and through a `WeakRefProxy` nothing else holds it. Resolve the screen with the
  /// same tag, or forward without one (`validate()` warns, saying which).
  ///
  /// - Parameters:
  ///   - type: The type to forward.
  ///   - tag: The tag the forwarded type is registered under.
  ///   - makeProxy: Wraps the instance: `WeakRefProxy.init`, or any proxy.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func implements<Forwarded, P: Proxy>(
    _ type: Forwarded.Type, tag: (any Hashable & Sendable)? = nil,
    through makeProxy: @escaping @Sendable (Instance) -> P
  ) -> Definition {
    let key = DefinitionKey(type: Forwarded.self, argumentsType: sourceKey.argumentsType, tag: .wrap(tag))
    // NB: converted here, outside the closure, so that the `@Sendable` closure below does not
    // capture `P.Type` (a metatype that is not `Sendable` in general: SE-0470).
    let makeAnyProxy: @Sendable (Instance) -> Any = makeProxy
    let forwardsWeakly = P.holdsSubjectWeakly
    let makeUnbound = (P.self as? any LateBindableProxy.Type).map { Self.lateBinder($0) }
    _ = container.insertForwarding(to: self) { id, source in
      Forwarding<Forwarded>(
        id: id, key: key, sourceKey: source, forwardsWeakly: forwardsWeakly,
        wrap: { instance in makeAnyProxy(instance as! Instance) }, makeUnbound: makeUnbound)
    }
    return self
  }

  /// Makes an unbound proxy of type `L` and the function that binds it: how the container hands
  /// out a weak proxy before its object exists, to break a cycle between two initializers.
  static func lateBinder<L: LateBindableProxy>(_ type: L.Type) -> Forwarding<Any>.UnboundMaker {
    {
      let proxy = L.makeUnbound()
      return (proxy, { proxy.bind(erased: $0) })
    }
  }
}
