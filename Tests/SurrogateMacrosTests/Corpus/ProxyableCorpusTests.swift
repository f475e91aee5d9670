import SurrogateMacros
import Testing

/// The compiled corpus (ProxyableCorpus.swift): that file compiling is most of the test; these
/// count it and run a few of its proxies. The plugin's own expansions and diagnostics are tested in
/// SurrogateMacrosPluginTests.
struct ProxyableCorpusTests {
  @Test func theCompiledCorpusHasAtLeastThirtyProtocols() {
    #expect(corpusProtocolCount >= 30)
  }

  /// A requirement that throws `ProxyError` typed: the subject's result, and the proxy's own
  /// error, typed, once the subject is gone (outside client 18: it did not compile).
  @Test func aRequirementThrowingProxyErrorTypedForwardsAndThrowsTyped() throws {
    final class Safe: TypedProxyErrorVault {
      func open() throws(ProxyError) -> Int { 42 }
    }
    var safe: Safe? = Safe()
    let vault: any TypedProxyErrorVault = WeakRefProxy(safe!)
    #expect(try vault.open() == 42)
    safe = nil
    do {
      _ = try vault.open()
      Issue.record("a released subject answered")
    } catch {
      #expect(error.code == .subjectReleased)
    }
  }

  @Test func autoclosureAndConsumingParametersForwardToTheSubject() {
    final class Book: Journal {
      var lines: [String] = []
      func log(_ message: @autoclosure () -> String) { lines.append(message()) }
      func keep(_ entry: consuming String) { lines.append(entry) }
    }
    let book = Book()
    var evaluated = 0
    func message() -> String {
      evaluated += 1
      return "opened"
    }
    do {
      let journal: any Journal = WeakRefProxy(book)
      journal.log(message())
      journal.keep("closed")
    }
    #expect(book.lines == ["opened", "closed"])
    #expect(evaluated == 1)
    // Without a subject the autoclosure is never evaluated.
    var gone: Book? = Book()
    let orphan: any Journal = WeakRefProxy(gone!)
    gone = nil
    orphan.log(message())
    #expect(evaluated == 1)
  }
}
