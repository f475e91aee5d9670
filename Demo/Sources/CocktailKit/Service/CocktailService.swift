/// The cocktail catalogue, however it is reached: the screen's presenter talks only to this.
///
/// The composition root decides what stands behind it: a ``RemoteCocktailService`` (the remote
/// proxy, which hides HTTP and JSON), with a ``CachingCocktailService`` in front.
///
/// ```swift
/// let service: any CocktailService = CachingCocktailService(
///   upstream: RemoteCocktailService(baseURL: URL(string: "https://www.thecocktaildb.com/api/json/v1/1/")!))
/// let sours = try await service.cocktails(named: "sour")
/// ```
public protocol CocktailService: Sendable {
  /// The cocktails whose name contains `name` (`search.php?s=`).
  ///
  /// ```swift
  /// let margaritas = try await service.cocktails(named: "margarita")
  /// ```
  ///
  /// - Throws: ``CocktailServiceError``.
  func cocktails(named name: String) async throws(CocktailServiceError) -> [Cocktail]

  /// The cocktails whose name starts with `letter` (`search.php?f=`).
  ///
  /// ```swift
  /// let ms = try await service.cocktails(startingWith: "m")
  /// ```
  ///
  /// - Throws: ``CocktailServiceError``.
  func cocktails(startingWith letter: Character) async throws(CocktailServiceError) -> [Cocktail]

  /// The cocktails that use `ingredient`, by id and name only (`filter.php?i=`).
  ///
  /// ```swift
  /// let withGin = try await service.cocktails(withIngredient: "Gin")
  /// ```
  ///
  /// - Throws: ``CocktailServiceError``.
  func cocktails(withIngredient ingredient: String) async throws(CocktailServiceError) -> [CocktailSummary]

  /// The cocktail with `id`, or `nil` when there is none (`lookup.php?i=`).
  ///
  /// ```swift
  /// if let negroni = try await service.cocktail(id: "90003") { print(negroni.name) }
  /// ```
  ///
  /// - Throws: ``CocktailServiceError``.
  func cocktail(id: String) async throws(CocktailServiceError) -> Cocktail?

  /// A cocktail picked at random (`random.php`).
  ///
  /// ```swift
  /// let tonight = try await service.randomCocktail()
  /// ```
  ///
  /// - Throws: ``CocktailServiceError``.
  func randomCocktail() async throws(CocktailServiceError) -> Cocktail
}
