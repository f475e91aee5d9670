/// What a factory or block is resolving, and for whom: Dip's resolution context.
///
/// ```swift
/// container.register { r in
///   Logger(label: r.context.map { "\($0.injectedInType.map(String.init(describing:)) ?? "app")" } ?? "app")
/// }
/// container.register { r in OrderPresenter(logger: try r.resolve()) }
/// // the presenter's logger is labelled "OrderPresenter"
/// ```
public struct ResolutionContext: Sendable {
  /// The type the definition being built was requested as (`Service` for
  /// `register { ServiceImp() as Service }` resolved as `Service`).
  ///
  /// ```swift
  /// container.register { r in Tracker(name: "\(r.context?.resolvingType ?? Any.self)") }
  /// ```
  public let resolvingType: Any.Type
  /// The tag it was requested with (a tagged request that fell back to an untagged definition
  /// still names its tag).
  ///
  /// ```swift
  /// container.register { r in Client(live: r.context?.tag == DefinitionTag("live")) }
  /// ```
  public let tag: DefinitionTag?
  /// The type whose factory, block or auto-injected property asked for it; `nil` for what the
  /// outermost `resolve` asked for.
  ///
  /// ```swift
  /// container.register(.unique) { r in Logger(label: r.context?.injectedInType.map { "\($0)" } ?? "app") }
  /// ```
  public let injectedInType: Any.Type?
  /// The auto-injected property it is being made for (``Injected``, ``InjectedWeak``), without
  /// the leading underscore; `nil` otherwise.
  ///
  /// ```swift
  /// container.register { r in Logger(label: r.context?.injectedInProperty ?? "logger") }
  /// ```
  public let injectedInProperty: String?
}

extension Resolver {
  /// What the factory or block this resolver was given to is resolving, and for whom; `nil` when
  /// read after that factory or block has returned.
  ///
  /// ```swift
  /// container.register { r in
  ///   Logger(label: r.context?.injectedInType.map { "\($0)" } ?? "app")
  /// }
  /// ```
  public var context: ResolutionContext? {
    guard graph.isActive else { return nil }
    let frames = graph.frames
    let top = frames[frames.count - 1].key
    // Auto-wiring resolves a definition's arguments on a frame of its own with the same key.
    var below = frames.count - 2
    while below >= 0, frames[below].key == top { below -= 1 }
    return ResolutionContext(
      resolvingType: top.type, tag: top.tag, injectedInType: below >= 0 ? frames[below].key.type : nil,
      injectedInProperty: graph.injectedProperty?.name)
  }
}
