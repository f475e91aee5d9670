extension Container {
  /// Applies assemblies to this container, in order: each registers its definitions here.
  ///
  /// A later assembly that registers a key an earlier one registered replaces it (last wins), so
  /// an app can apply its production assemblies and then a test or preview assembly that swaps a
  /// few. After ``bootstrap(isolation:)`` the definitions are frozen and an assembly's registrations
  /// are rejected like any other late change (see ``rejectedChanges``).
  ///
  /// ```swift
  /// let container = Container()
  /// container.assemble(NetworkAssembly(), OrdersAssembly())
  /// ```
  ///
  /// - Parameter assemblies: The assemblies, applied first to last.
  public func assemble(_ assemblies: any Assembly...) {
    assemble(assemblies)
  }

  /// Applies an array of assemblies to this container, in order, as
  /// ``assemble(_:)-(Assembly...)`` does.
  ///
  /// ```swift
  /// let features: [any Assembly] = [NetworkAssembly(), OrdersAssembly()]
  /// container.assemble(features)
  /// ```
  ///
  /// - Parameter assemblies: The assemblies, applied first to last.
  public func assemble(_ assemblies: [any Assembly]) {
    for assembly in assemblies { assembly.assemble(into: self) }
  }

  /// Makes a child container and applies assemblies to it, in order: a feature's own container.
  ///
  /// The child resolves what it lacks from this container; this container never sees the
  /// child's registrations (see ``init(parent:maximumDepth:autoInjectProperties:)``). A feature loaded after the app's
  /// container is bootstrapped gets a child: the app's definitions stay frozen, the feature's are
  /// its own, and bootstrapping the child freezes them in turn. ``reset(_:)`` on this container
  /// reaches the child's instances too.
  ///
  /// ```swift
  /// let app = Container()
  /// app.assemble(NetworkAssembly())
  /// try app.bootstrap()
  ///
  /// let orders = app.makeChild(assembling: OrdersAssembly())
  /// let repository = try orders.resolve(OrderRepository.self) // its client comes from `app`
  /// ```
  ///
  /// - Parameter assemblies: The assemblies, applied first to last.
  /// - Returns: The child container.
  public func makeChild(assembling assemblies: any Assembly...) -> Container {
    let child = Container(parent: self, maximumDepth: maximumDepth)
    child.assemble(assemblies)
    return child
  }
}
