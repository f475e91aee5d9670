extension Container {
  /// Resolves an instance of `T`, building a new object graph.
  ///
  /// ```swift
  /// let presenter: ListPresenter = try container.resolve()
  /// let output = try container.resolve(ListInteractorOutput.self)
  /// let live = try container.resolve(HTTPClient.self, tag: "live")
  /// let maybe = try container.resolve(Analytics?.self)          // nil only if nothing registered
  /// let client = try container.resolve(Client.self, arguments: url, 8080)
  /// ```
  ///
  /// Every call is one object graph: `.shared` definitions make one instance per call, shared by
  /// every consumer within it. Asking for `T?` answers `nil` only when no definition of `T`
  /// exists; any other failure still throws.
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - arguments: Runtime arguments, matched by their exact types.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed, the resolution path and the fix.
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) throws(ResolutionError) -> T {
    typealias Arguments = (repeat each Argument)
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    if let found = lookup(key), !found.entry.isForwarding {
      let registration = unsafeDowncast(found.entry as AnyObject, to: Registration<T, Arguments>.self)
      // A live singleton needs no graph.
      if let cached = registration.cachedInstance { return cached.value }
      var isNew = false
      return try registration.produce(
        (repeat each arguments), in: Graph(container: self), requested: key, owner: found.owner, lookup: self,
        isNew: &isNew)
    }
    return try Graph(container: self).resolve(key, arguments: (repeat each arguments), from: self)
  }
}
