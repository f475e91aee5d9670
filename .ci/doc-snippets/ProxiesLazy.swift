// The index of the Proxies article's lazy example.
import SurrogateMacros

@Proxyable
protocol IngredientIndex: AnyObject {
  func cocktails(using ingredient: String) -> [String]?
}
extension LazyProxy: IngredientIndex where Subject: IngredientIndex {}

final class FullTextIndex: IngredientIndex {
  func cocktails(using ingredient: String) -> [String]? { [] }
}

/// What the lazy index reads its cocktails from: a definition of the container.
final class CocktailCatalogue: Sendable {}

final class CatalogueIndex: IngredientIndex {
  let catalogue: CocktailCatalogue
  init(catalogue: CocktailCatalogue) { self.catalogue = catalogue }
  func cocktails(using ingredient: String) -> [String]? { [] }
}
