extension Registration {
  /// The less common parts of a registration, in one object allocated only when one is present.
  @usableFromInline
  final class Extras: Sendable {
    /// Every block's synchronous form; an `async` block's only reports that it needs `await`.
    @usableFromInline let blocks: [Block]
    /// The form an async resolution runs, by block, where it differs from the synchronous one:
    /// an `async` block, or a main-actor block that the resolution hops to the main actor for.
    /// Empty when no block needs one.
    let asyncBlocks: [AsyncBlock?]
    /// How an async resolution runs the factory, when it differs from `factory`: an `async`
    /// factory, a main-actor one run on the main actor, or the awaiting form of a synchronous
    /// factory the container wrote (auto-wiring, a list or map), which makes each dependency with
    /// `await` and so never runs again for one it could not make synchronously.
    ///
    /// ```swift
    /// // `autowire(Presenter.init)`: `factory` for `resolve`, this for `try await resolve`
    /// factory: { r, _ in try Presenter.init(r.resolveWired()) }
    /// asyncFactory: { r, _ in try await Presenter.init(r.resolveWiredAsync()) }
    /// ```
    ///
    /// Only ``factoryIsAsync`` makes a definition async: with an awaiting form alone, a
    /// synchronous resolution runs `factory` as before.
    let asyncFactory: AsyncFactory?
    /// Resolves the runtime arguments from the container, for auto-wiring a request without them.
    let resolveArguments: ArgumentResolver?
    /// ``resolveArguments`` for an async resolution: each argument is made with `await`.
    let resolveArgumentsAsync: AsyncArgumentResolver?
    let argumentTypes: [Any.Type]
    /// Set for a definition registered with a `@MainActor` factory.
    let isMainActor: Bool
    /// Set for a definition registered with an `async` factory.
    let factoryIsAsync: Bool
    /// Set by ``Definition/autoInjectingProperties(_:)``: overrides the container's setting.
    let autoInjects: Bool?
    /// Whether a block is `async` (needs `await`) or main-actor isolated.
    let blocksNeedAwait: Bool
    let blocksNeedMainActor: Bool

    @usableFromInline
    init(
      blocks: [Block], asyncBlocks: [AsyncBlock?], blockIsolations: [BlockIsolation], asyncFactory: AsyncFactory?,
      factoryIsAsync: Bool, resolveArguments: ArgumentResolver?, resolveArgumentsAsync: AsyncArgumentResolver?,
      argumentTypes: [Any.Type], isMainActor: Bool, autoInjects: Bool?
    ) {
      self.autoInjects = autoInjects
      self.blocks = blocks
      self.asyncBlocks = asyncBlocks
      self.asyncFactory = asyncFactory
      self.factoryIsAsync = factoryIsAsync
      self.resolveArguments = resolveArguments
      self.resolveArgumentsAsync = resolveArgumentsAsync
      self.argumentTypes = argumentTypes
      self.isMainActor = isMainActor
      self.blocksNeedAwait = blockIsolations.contains { $0.isAsync }
      self.blocksNeedMainActor = blockIsolations.contains { $0.isMainActor }
      self.blockIsolations = blockIsolations
    }

    /// How each block runs, by index (empty when every block is a plain synchronous one).
    let blockIsolations: [BlockIsolation]

    /// Whether a synchronous resolution cannot always make the instance.
    @usableFromInline var needsIsolation: Bool {
      factoryIsAsync || isMainActor || blocksNeedAwait || blocksNeedMainActor
    }
  }
}
