// Auto-wiring: registering an initializer whose parameters the container resolves.
extension Container {
  /// Registers an initializer (or any function) whose every parameter is resolved from the
  /// container: auto-wiring, in the default ``Scope/shared`` scope.
  ///
  /// The parameters are resolved with the tag the instance is requested with (falling back to
  /// untagged definitions), so one tag selects a whole family of dependencies. An overloaded
  /// initializer is a compile-time ambiguity: name the one you mean.
  ///
  /// ```swift
  /// container.autowire(Presenter.init)                    // Presenter(view:loader:)
  /// container.autowire(Presenter.init(view:loader:))      // picks one overload
  /// ```
  ///
  /// Initializers of one to four parameters are wired by overloads of fixed arity, which Swift
  /// prefers and which resolve each parameter in code specialized for its type; this pack
  /// overload wires any other number, with the same behaviour.
  ///
  /// It is a separate name from `register` on purpose: under one name, a closure that spells its
  /// resolver's type is ambiguous, `X.init` silently picks `init()` when it exists, and type
  /// errors in closures are reported as "cannot infer type of closure parameter".
  ///
  /// - Parameters:
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @inlinable @discardableResult
  public func autowire<T, each Dependency>(
    type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (repeat each Dependency) throws -> T
  ) -> Definition<T, Void> {
    autowire(.shared, type: type, tag: tag, initializer)
  }

  /// Registers an initializer whose every parameter is resolved from the container, in a scope.
  ///
  /// ```swift
  /// container.autowire(.singleton, AnalyticsService.init)
  /// container.autowire(.unique, type: Loader.self, NetworkLoader.init)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them.
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @inlinable @discardableResult
  public func autowire<T, each Dependency>(
    _ scope: Scope, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (repeat each Dependency) throws -> T
  ) -> Definition<T, Void> {
    insertRegistration(
      scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: [],
      asyncFactory: { r, _ in try await initializer(repeat r.resolveWiredAsync((each Dependency).self)) }
    ) { r, _ in
      try initializer(repeat r.resolve((each Dependency).self, tagSlot: r.tagSlot))
    }
  }

  // MARK: - Fixed arities

  // These overloads are public only because overload ranking must see them at the call site; they
  // are left out of the documentation (`@_documentation(visibility: internal)`), which shows one
  // `autowire` per shape, and `AutowiringArityTests` holds them to the pack's behaviour. Code
  // completion still lists them (sourcekit-lsp: 20 entries for `container.autowire`, 4 without
  // them); they stay because removing them costs, in callgrind instructions per resolve: S2a (ten
  // auto-wired nodes) 11,434 -> 16,954, the realistic server request 23,674 -> 25,287 flat and
  // 51,271 -> 56,409 through a per-request child.
  //
  // NB: the pack overloads wire any number of parameters, but the optimizer does not specialize a
  // parameter-pack expansion, so each parameter goes through the type-erased producer (measured on
  // S2, ten auto-wired nodes: 1.7 µs where the same graph registered with closures took 1.0 µs).
  // These overloads, which overload ranking prefers to the pack whenever the parameter count
  // matches, resolve each parameter in code specialized for its type. They must behave exactly
  // like the pack overloads; `AutowiringArityTests` runs the same cases through both.
  //
  // Each overload registers an awaiting form of its factory too, for `try await resolve`: it
  // resolves every parameter with `await`, in order, then calls the initializer once; a parameter
  // whose definition is `async` or main-actor never makes the initializer's other parameters
  // twice (see `Registration.Extras.asyncFactory`).
  //
  // NB: the parameters are `consuming`. A resolved dependency is already owned by the caller, and
  // an initializer takes its arguments owned; through a function value that borrows them, every
  // dependency was retained once more and released after the call (S2: 685 of 11,500
  // instructions, 10% of the time). Any function or closure converts to these types.

  /// Auto-wires an initializer of one parameter, in the default ``Scope/shared`` scope. It
  /// behaves exactly like the parameter-pack overload, in code specialized for each parameter.
  ///
  /// ```swift
  /// container.autowire(ListPresenter.init)        // ListPresenter(view:)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1>(
    type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1) throws -> T
  ) -> Definition<T, Void> {
    autowire(.shared, type: type, tag: tag, initializer)
  }

  /// Auto-wires an initializer of one parameter, in a scope.
  ///
  /// ```swift
  /// container.autowire(.unique, ListPresenter.init)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them.
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1>(
    _ scope: Scope, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1) throws -> T
  ) -> Definition<T, Void> {
    insertRegistration(
      scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: [],
      asyncFactory: { r, _ in try await initializer(r.resolveWiredAsync()) }
    ) { r, _ in
      try initializer(r.resolveWired())
    }
  }

  /// Auto-wires an initializer of two parameters, in the default ``Scope/shared`` scope. It
  /// behaves exactly like the parameter-pack overload, in code specialized for each parameter.
  ///
  /// ```swift
  /// container.autowire(Presenter.init)            // Presenter(view:loader:)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2>(
    type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2) throws -> T
  ) -> Definition<T, Void> {
    autowire(.shared, type: type, tag: tag, initializer)
  }

  /// Auto-wires an initializer of two parameters, in a scope.
  ///
  /// ```swift
  /// container.autowire(.singleton, type: Analytics.self, RemoteAnalytics.init)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them.
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2>(
    _ scope: Scope, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2) throws -> T
  ) -> Definition<T, Void> {
    insertRegistration(
      scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: [],
      asyncFactory: { r, _ in try await initializer(r.resolveWiredAsync(), r.resolveWiredAsync()) }
    ) { r, _ in
      try initializer(r.resolveWired(), r.resolveWired())
    }
  }

  /// Auto-wires an initializer of three parameters, in the default ``Scope/shared`` scope. It
  /// behaves exactly like the parameter-pack overload, in code specialized for each parameter.
  ///
  /// ```swift
  /// container.autowire(Presenter.init)            // Presenter(view:loader:analytics:)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2, D3>(
    type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3) throws -> T
  ) -> Definition<T, Void> {
    autowire(.shared, type: type, tag: tag, initializer)
  }

  /// Auto-wires an initializer of three parameters, in a scope.
  ///
  /// ```swift
  /// container.autowire(.unique, Presenter.init)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them.
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2, D3>(
    _ scope: Scope, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3) throws -> T
  ) -> Definition<T, Void> {
    insertRegistration(
      scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: [],
      asyncFactory: { r, _ in try await initializer(r.resolveWiredAsync(), r.resolveWiredAsync(), r.resolveWiredAsync())
      }
    ) { r, _ in
      try initializer(r.resolveWired(), r.resolveWired(), r.resolveWired())
    }
  }

  /// Auto-wires an initializer of four parameters, in the default ``Scope/shared`` scope. It
  /// behaves exactly like the parameter-pack overload, in code specialized for each parameter.
  ///
  /// ```swift
  /// container.autowire(Checkout.init)             // Checkout(cart:payments:address:log:)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2, D3, D4>(
    type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) throws -> T
  ) -> Definition<T, Void> {
    autowire(.shared, type: type, tag: tag, initializer)
  }

  /// Auto-wires an initializer of four parameters, in a scope.
  ///
  /// ```swift
  /// container.autowire(.shared, tag: "test", Checkout.init)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them.
  ///   - type: The type to register under, when it differs from what the initializer returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - initializer: The function to call with resolved arguments.
  /// - Returns: The definition.
  @_documentation(visibility: internal)
  @inlinable @discardableResult
  public func autowire<T, D1, D2, D3, D4>(
    _ scope: Scope, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) throws -> T
  ) -> Definition<T, Void> {
    insertRegistration(
      scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: [],
      asyncFactory: { r, _ in
        try await initializer(
          r.resolveWiredAsync(), r.resolveWiredAsync(), r.resolveWiredAsync(), r.resolveWiredAsync())
      }
    ) { r, _ in
      try initializer(r.resolveWired(), r.resolveWired(), r.resolveWired(), r.resolveWired())
    }
  }
}
