extension Registration {
  /// Publishes a new singleton to other graphs once `graph` has finished: until every block of
  /// the graph has run, an instance made in it may still be half-injected (a cycle broken with
  /// `resolvingProperties`), and other threads wait for its gate meanwhile.
  ///
  /// `afterWaiting`: a block of it waited for a definition still being built, so it depends on
  /// that definition, and on the graph's success.
  @inlinable
  func publish(_ instance: Instance, gate: Gate, in graph: Graph, afterWaiting: Bool = false) {
    graph.publishWhenFinished(
      id: id, { self.store?.fulfil(instance, gate: gate) }, abandon: { self.store?.abandon(gate: gate) },
      isConditional: afterWaiting)
  }

  /// The factory of a singleton this graph claimed threw: other graphs make it again, and what was
  /// made for it is nobody's (see ``Graph/singletonFailed(_:)``).
  @usableFromInline
  func giveUpCreation(gate: Gate, in graph: Graph) {
    store?.abandon(gate: gate)
    graph.singletonFailed(id)
  }
}
