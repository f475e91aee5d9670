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
