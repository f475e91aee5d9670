/// A feature's registrations, in one type: what a Swinject `Assembly` is.
///
/// An assembly registers the definitions of one feature (or one layer) into the container it is
/// given. The composition root applies the assemblies in order with ``Container/assemble(_:)-([Assembly])``,
/// or gives a feature a child container of its own with ``Container/makeChild(assembling:)``.
/// Keep an assembly free of state and side effects beyond registering: it may be applied to
/// several containers (the app's, a test's).
///
/// ```swift
/// struct NetworkAssembly: Assembly {
///   func assemble(into container: Container) {
///     container.register(.singleton) { URLSessionClient() as HTTPClient }
///   }
/// }
///
/// struct OrdersAssembly: Assembly {
///   func assemble(into container: Container) {
///     container.register { r in OrderRepository(client: try r.resolve()) }
///   }
/// }
///
/// let container = Container()
/// container.assemble(NetworkAssembly(), OrdersAssembly())
/// try container.bootstrap()
/// ```
public protocol Assembly {
  /// Registers this assembly's definitions into `container`.
  ///
  /// ```swift
  /// func assemble(into container: Container) {
  ///   container.register(.singleton) { Analytics() }
  /// }
  /// ```
  ///
  /// - Parameter container: The container to register into: the one being composed, or a child
  ///   made for this feature.
  func assemble(into container: Container)
}
