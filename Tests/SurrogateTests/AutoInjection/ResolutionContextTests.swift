import SuiteSupport
import Surrogate
import Testing

private final class ContextLogger: Sendable {
  let label: String
  init(label: String) { self.label = label }
}

private final class ContextPayments: Sendable {
  let logger: ContextLogger
  init(logger: ContextLogger) { self.logger = logger }
}

/// ``Resolver/context`` beyond Dip's own cases.
struct ResolutionContextTests {
  @Test func aLoggerIsLabelledWithTheTypeItIsInjectedInto() throws {
    let container = Container()
    container.register(.unique) { r in ContextLogger(label: r.context?.injectedInType.map { "\($0)" } ?? "app") }
    container.register { r in ContextPayments(logger: try r.resolve()) }
    #expect(try container.resolve(ContextPayments.self).logger.label == "ContextPayments")
    #expect(try container.resolve(ContextLogger.self).label == "app")
  }

  @Test func anAutoWiredDependencySeesItsConsumerAndTheRequestsTag() throws {
    let container = Container()
    let seen = Locked<ResolutionContext?>(nil)
    container.register(.unique) { r -> ContextLogger in
      seen.withLock { $0 = r.context }
      return ContextLogger(label: "x")
    }
    container.register { (_: Resolver, logger: ContextLogger) in ContextPayments(logger: logger) }
    _ = try container.resolve(ContextPayments.self, tag: "live")
    let context = try #require(seen.withLock { $0 })
    #expect(context.injectedInType == ContextPayments.self)
    #expect(context.tag == DefinitionTag("live"))
    #expect(context.injectedInProperty == nil)
  }
}
