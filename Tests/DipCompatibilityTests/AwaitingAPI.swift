import Testing

/// Dip's cases that need API Surrogate does not have, each with what it needs. A case moves from
/// here to its file's suite when the API exists: all of them have.
enum AwaitingAPI {
  static let cases: [(dipTest: String, file: String, needs: String)] = []
}

/// Checks the list of Dip cases awaiting API.
struct AwaitingAPITests {
  /// The number of Dip cases still awaiting API (36 when the suite was written).
  static let counted = 0

  /// Each case is listed once, and the list is as long as the count in the report.
  @Test func listNamesEachDipCaseOnceAndMatchesTheCount() {
    let names = AwaitingAPI.cases.map { "\($0.file).\($0.dipTest)" }
    #expect(Set(names).count == names.count, "a case is listed twice")
    #expect(names.count == Self.counted)
    #expect(AwaitingAPI.cases.allSatisfy { !$0.needs.isEmpty })
  }
}
