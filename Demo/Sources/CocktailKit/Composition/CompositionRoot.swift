import Surrogate

/// Builds the cocktail screen's container: the one place that decides what stands behind each
/// abstraction the presenter and view see.
///
/// - the presenter gets its view through a `WeakRefProxy` (no view ↔ presenter retain cycle);
/// - the catalogue is a ``CachingCocktailService`` in front of a ``RemoteCocktailService``;
/// - the favourites editor is a `ProtectionProxy` that lets only curators through;
/// - the ingredient index is a `LazyProxy`, built on the first search that needs it.
///
/// ```swift
/// let container = CompositionRoot.makeContainer(settings)
/// let view: TerminalCocktailView = try container.resolve()
/// await view.open(.featured(count: 4))
/// ```
public enum CompositionRoot {
  /// How the view is handed to its presenter.
  ///
  /// ```swift
  /// let naive = CompositionRoot.makeContainer(settings, viewHandOff: .strong)
  /// ```
  public enum ViewHandOff: Sendable {
    /// Through a `WeakRefProxy`: the screen is released when the view is dropped.
    case weakProxy
    /// The view itself, held strongly: the naive composition, which leaks the screen.
    case strong
  }

  /// Registers the screen and everything it needs.
  ///
  /// ```swift
  /// let container = CompositionRoot.makeContainer(settings)
  /// ```
  ///
  /// - Parameters:
  ///   - settings: Where the catalogue is, who calls, where favourites live, where to write.
  ///   - viewHandOff: ``ViewHandOff/weakProxy`` unless demonstrating the leak.
  /// - Returns: The container.
  public static func makeContainer(_ settings: DemoSettings, viewHandOff: ViewHandOff = .weakProxy) -> Container {
    let container = Container()
    container.register(.singleton, type: (any Terminal).self) { settings.terminal }
    container.register(.singleton) { settings.caller }
    container.register(.singleton) { settings.catalogue }

    // The catalogue: the remote proxy, decorated with the caching proxy in front of it.
    container.register(.singleton) { try RemoteCocktailService(baseURL: settings.baseURL, timeout: settings.timeout) }
      .implements((any CocktailService).self)
    container.decorate((any CocktailService).self) { _, remote in CachingCocktailService(upstream: remote) }

    // Favourites: everyone reads; edits go through a protection proxy.
    container.register(.singleton) { FavouritesFile(url: settings.favouritesURL) }
      .implements((any Favourites).self)
    container.register(.singleton, type: (any FavouritesEditor).self) { r in
      let caller: Caller = try r.resolve()
      return ProtectionProxy(
        try r.resolve(FavouritesFile.self),
        policy: { _ in
          caller.mayEditFavourites ? .allow : .deny("only a curator may edit favourites, and you are a \(caller.role)")
        })
    }

    // The ingredient index: expensive, needed by few commands, so built on first use.
    container.register(.singleton, type: (any IngredientIndex).self) { r in
      let catalogue: BundledCatalogue = try r.resolve()
      return LazyProxy { FullTextIngredientIndex(cocktails: try catalogue.cocktails()) }
    }

    // The screen: the view controller holds the presenter; the presenter holds the view.
    container.autowire(CocktailListPresenter.init)
    let view = container.register(.shared) { r in TerminalCocktailView(terminal: try r.resolve()) }
    switch viewHandOff {
    case .weakProxy: view.implements((any CocktailListView).self, through: WeakRefProxy.init)
    case .strong: view.implements((any CocktailListView).self)
    }
    view.resolvingProperties { r, view in view.presenter = try r.resolve() }
    return container
  }
}
