extension Definition {
  /// Runs this definition's property injection on an instance made outside the container (a
  /// view controller a storyboard made, an object a framework hands you): its ``Injected`` and
  /// ``InjectedWeak`` properties, ``Resolvable/resolveDependencies(_:)`` and its
  /// `resolvingProperties` blocks, in a new object graph, as if its factory had made it.
  ///
  /// ```swift
  /// let detail = container.register(.shared) { DetailViewController() }
  ///   .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
  /// // Later, for the instance the storyboard made:
  /// try detail.resolveProperties(of: storyboardController)
  /// ```
  ///
  /// The instance must be of the definition's type (Dip took any instance and skipped one of
  /// another type; here the compiler checks it). ``Resolvable/didResolveDependencies()`` is
  /// called once the graph is complete.
  ///
  /// - Parameter instance: The instance to inject.
  /// - Throws: ``ResolutionError``: what a block or a required property failed with, or
  ///   ``ResolutionError/Code/definitionNotFound`` when the definition has since been removed or
  ///   replaced.
  public func resolveProperties(of instance: Instance) throws(ResolutionError) {
    guard let found = container.lookup(id, registeredAs: key),
      let registration = found.entry as? Registration<Instance, Arguments>
    else {
      throw ResolutionError(
        .definitionNotFound, key: key, path: [key],
        message: "\(key) is no longer registered as this definition: it was removed or replaced.",
        remedy: "Use the definition that `register` returned last for \(key).")
    }
    let graph = Graph(container: container)
    do {
      graph.push(registration.frame(for: key))
      defer { graph.pop() }
      graph.markConstructed()
      let resolver = Resolver(graph: graph, container: container, tagSlot: key.tagSlot)
      try registration.storeAndRunBlocks(
        instance, type: registration.dynamicType(of: instance), resolver: resolver, in: graph, requested: key, gate: nil
      )
      if graph.hasPostponed { try graph.runPostponed(for: registration.id) }
    }
    // Once the path is empty, as after a `resolve`: a callback that resolves starts a new graph.
    graph.finishResolvables()
  }
}
