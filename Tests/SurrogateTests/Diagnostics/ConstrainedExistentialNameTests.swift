import SuiteSupport
import Surrogate
import Testing

protocol NewsFeed<Entry> {
  associatedtype Entry
}

protocol KeyedFeed<Key, Value> {
  associatedtype Key
  associatedtype Value
}

/// A constrained existential is named as Swift code spells it, in errors and in the graph export.
struct ConstrainedExistentialNameTests {
  @Test func aMissingConstrainedExistentialIsSpelledAsWritten() {
    let error = #expect(throws: ResolutionError.self) { try Container().resolve((any NewsFeed<String>).self) }
    #expect(error?.message.contains("any NewsFeed<String>") == true, "\(error.map { "\($0)" } ?? "")")
    #expect(error?.description.contains("Self.") == false)
  }

  @Test func severalAndNestedConstraintsAreSpelledAsWritten() {
    let nested = DefinitionKey(type: (any NewsFeed<any KeyedFeed<Int, [String]>>).self)
    #expect(nested.description == "any NewsFeed<any KeyedFeed<Int, Array<String>>>")
  }
}
