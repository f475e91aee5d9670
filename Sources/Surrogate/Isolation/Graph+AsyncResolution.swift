// INVARIANT: `unsafeDowncast` trusts the key (see Registration.swift); entries found through
// `lookup` are retained.

extension Graph {
  /// Resolves `key` in an async resolution: async factories are awaited, sync ones called.
  @usableFromInline
  func resolveAsync<T, Arguments>(_ key: DefinitionKey, arguments: Arguments, from container: Container)
    async throws -> T
  {
    isAsync = true
    if let found = lookup(key, from: container) {
      if !found.entry.isForwarding {
        let registration = unsafeDowncast(found.entry as AnyObject, to: Registration<T, Arguments>.self)
        var isNew = false
        return try await registration.produceAsync(
          arguments, in: self, requested: key, owner: found.owner, lookup: container, isNew: &isNew)
      }
      let produced = try await found.entry.produceAsync(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container)
      return produced.instance as! T
    }
    return try await resolveMissingAsync(key, arguments: arguments, from: container) as! T
  }

  func resolveErasedAsync(_ key: DefinitionKey, arguments: Any, from container: Container) async throws -> Any {
    isAsync = true
    if let found = lookup(key, from: container) {
      return try await found.entry.produceAsync(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container
      ).instance
    }
    return try await resolveMissingAsync(key, arguments: arguments, from: container)
  }

  /// Optionals resolve their wrapped type asynchronously; everything else that is not registered
  /// (auto-wiring, injectable wrappers) takes the synchronous path, once.
  private func resolveMissingAsync(_ key: DefinitionKey, arguments: Any, from container: Container)
    async throws -> Any
  {
    if let optional = key.type as? any OptionalResolvable.Type {
      return try await optional.resolveWrappedAsync(key, arguments: arguments, in: self, from: container)
    }
    return try runningSynchronously { try resolveMissing(key, arguments: arguments, from: container) }
  }
}

extension Optional {
  @usableFromInline
  static func resolveWrappedAsync(_ key: DefinitionKey, arguments: Any, in graph: Graph, from container: Container)
    async throws -> Any
  {
    let wrappedKey = key.with(type: Wrapped.self)
    do {
      let instance = try await graph.resolveErasedAsync(wrappedKey, arguments: arguments, from: container)
      return Optional(instance as! Wrapped) as Any
    } catch let error as ResolutionError where graph.meansNil(error, for: wrappedKey) {
      graph.noteNilOptional(key)
      return Self.none as Any
    }
  }
}
