/// A class that finishes its own wiring: called when the container has made it, and again when
/// the whole object graph it belongs to is complete.
///
/// ```swift
/// final class CheckoutCoordinator: Resolvable {
///   var steps: [Step] = []
///   @Injected var cart: Cart
///
///   func resolveDependencies(_ resolver: Resolver) throws {
///     steps = [try resolver.resolve(tag: "address"), try resolver.resolve(tag: "payment")]
///   }
///
///   func didResolveDependencies() {
///     cart.onChange = { [weak self] in self?.refresh() }  // every collaborator exists now
///   }
/// }
/// ```
///
/// For every instance a resolution makes (not one it reuses), ``resolveDependencies(_:)`` runs
/// after its auto-injected properties are set and before its `resolvingProperties` blocks, in
/// the same object graph; for an instance made inside the factory of a `.shared`, singleton or
/// `.scoped` definition, all three wait until that construction has finished, as the blocks do
/// (see `Definition.resolvingProperties(_:)`). ``didResolveDependencies()`` runs once the outermost `resolve` has
/// built the whole graph without an error, for every `Resolvable` instance made in it, in reverse
/// order of creation: the instance made last hears first (a consumer that takes its dependencies
/// in its initializer is made after them, so it hears before them). A resolution that fails calls
/// none of them. The same holds for `try await container.resolve(...)`.
public protocol Resolvable: AnyObject {
  /// Resolves what the instance needs, in the graph that made it.
  ///
  /// ```swift
  /// func resolveDependencies(_ resolver: Resolver) throws { logger = try resolver.resolve() }
  /// ```
  ///
  /// - Parameter resolver: The resolver of the graph that made the instance.
  /// - Throws: Any error; it fails the resolution as a throwing `resolvingProperties` block would.
  func resolveDependencies(_ resolver: Resolver) throws

  /// Called once the graph that made the instance is complete.
  ///
  /// ```swift
  /// func didResolveDependencies() { view.render(state) }
  /// ```
  func didResolveDependencies()
}

extension Resolvable {
  /// Does nothing: implement it to resolve dependencies by hand.
  ///
  /// ```swift
  /// final class Plain: Resolvable { func didResolveDependencies() {} }
  /// ```
  ///
  /// - Parameter resolver: The resolver of the graph that made the instance.
  public func resolveDependencies(_ resolver: Resolver) throws {}

  /// Does nothing: implement it to finish wiring once the graph is complete.
  ///
  /// ```swift
  /// final class Plain: Resolvable { func resolveDependencies(_ resolver: Resolver) throws {} }
  /// ```
  public func didResolveDependencies() {}
}
