import SuiteSupport
import Surrogate
import Testing

// Regressions found by running Dip's own test suite against Surrogate (the ported suite is
// `Tests/DipCompatibilityTests`); each test here failed on the code before its fix.

protocol Welcomer {}
final class EnglishWelcomer: Welcomer {}
struct ValueWelcomer: Welcomer { var id = Int.random(in: 0..<1_000_000) }

final class TaggedConfig {
  let name: String
  init(name: String) { self.name = name }
}

final class ConfigConsumer {
  let config: TaggedConfig
  init(config: TaggedConfig) { self.config = config }
}

/// Two consumers of one type, asked for with two different tags in one graph.
final class ConsumerPair {
  let first: ConfigConsumer
  let second: ConfigConsumer
  init(first: ConfigConsumer, second: ConfigConsumer) {
    self.first = first
    self.second = second
  }
}

final class Widget {
  let arity: Int
  init(arity: Int) { self.arity = arity }
}

struct DipFidelityTests {
  // MARK: - Weak singletons under a protocol type

  @Test func weakSingletonRegisteredUnderAProtocolIsCachedWhileHeld() throws {
    let container = Container()
    container.register(.weakSingleton) { EnglishWelcomer() as Welcomer }
    let first = try container.resolve(Welcomer.self)
    let second = try container.resolve(Welcomer.self)
    #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
    withExtendedLifetime(first) {}
  }

  @Test func weakSingletonRegisteredWithAnExistentialTypeIsCachedWhileHeld() throws {
    let container = Container()
    container.register(.weakSingleton, type: (any Welcomer).self) { EnglishWelcomer() }
    let first = try container.resolve((any Welcomer).self)
    let second = try container.resolve((any Welcomer).self)
    #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
    withExtendedLifetime(first) {}
  }

  @Test func weakSingletonUnderAProtocolIsMadeAgainOnceReleased() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) { () -> Welcomer in
      made.increment()
      return EnglishWelcomer()
    }
    do {
      let held = try container.resolve(Welcomer.self)
      _ = try container.resolve(Welcomer.self)
      withExtendedLifetime(held) {}
    }
    #expect(made.value == 1)
    _ = try container.resolve(Welcomer.self)
    #expect(made.value == 2)
  }

  @Test func weakSingletonOfAValueBehindAProtocolIsNotCached() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) { () -> Welcomer in
      made.increment()
      return ValueWelcomer()
    }
    _ = try container.resolve(Welcomer.self)
    _ = try container.resolve(Welcomer.self)
    #expect(made.value == 2)
  }

  // MARK: - Reuse within one graph is by definition and requested tag

  static func registerConfigs(_ container: Container) {
    container.register { TaggedConfig(name: "default") }
    container.register(tag: "a") { TaggedConfig(name: "a") }
  }

  /// A container whose `ConsumerPair` asks for a consumer tagged `"a"` and an untagged one, in
  /// that order or the other; the consumer is auto-wired or a closure that passes its tag on.
  static func pairContainer(autowired: Bool, taggedFirst: Bool) -> Container {
    let container = Container()
    registerConfigs(container)
    if autowired {
      container.autowire(ConfigConsumer.init)
    } else {
      container.register { r in ConfigConsumer(config: try r.resolve(TaggedConfig.self, tag: r.tag)) }
    }
    container.register { r in
      let tagged = { () throws(ResolutionError) in try r.resolve(ConfigConsumer.self, tag: "a") }
      let untagged = { () throws(ResolutionError) in try r.resolve(ConfigConsumer.self) }
      return taggedFirst
        ? ConsumerPair(first: try tagged(), second: try untagged())
        : ConsumerPair(first: try untagged(), second: try tagged())
    }
    return container
  }

  @Test(arguments: [false, true])
  func sharedInstanceBuiltForATagIsNotReusedForAnUntaggedRequest(autowired: Bool) throws {
    let pair = try Self.pairContainer(autowired: autowired, taggedFirst: true).resolve(ConsumerPair.self)
    #expect(pair.first.config.name == "a")
    #expect(pair.second.config.name == "default")
    #expect(pair.first !== pair.second)
  }

  @Test(arguments: [false, true])
  func sharedInstanceBuiltUntaggedIsNotReusedForATaggedRequest(autowired: Bool) throws {
    let pair = try Self.pairContainer(autowired: autowired, taggedFirst: false).resolve(ConsumerPair.self)
    #expect(pair.first.config.name == "default")
    #expect(pair.second.config.name == "a")
  }

  @Test func requestsWithTheSameTagShareOneInstanceInAGraph() throws {
    let container = Container()
    Self.registerConfigs(container)
    container.autowire(ConfigConsumer.init)
    container.register { r in
      ConsumerPair(
        first: try r.resolve(ConfigConsumer.self, tag: "a"), second: try r.resolve(ConfigConsumer.self, tag: "a"))
    }
    let pair = try container.resolve(ConsumerPair.self)
    #expect(pair.first === pair.second)
  }

  @Test func aSingletonIsOneInstanceWhateverTagAsksForIt() throws {
    let container = Container()
    container.register(.singleton) { TaggedConfig(name: "only") }
    let production = try container.resolve(TaggedConfig.self, tag: "production")
    let staging = try container.resolve(TaggedConfig.self, tag: "staging")
    #expect(production === staging)
  }

  // MARK: - Auto-wiring tries the request's tag first

  @Test func autowiringPrefersTheRequestsTagOverAnUntaggedFactoryWithMoreArguments() throws {
    let container = Container()
    container.register { Service() }
    container.register { r in Repository(service: try r.resolve()) }
    container.register(tag: "a") { (_, _: Service) in Widget(arity: 1) }
    container.register { (_, _: Service, _: Repository) in Widget(arity: 2) }
    #expect(try container.resolve(Widget.self, tag: "a").arity == 1)
    #expect(try container.resolve(Widget.self).arity == 2)
    #expect(try container.resolve(Widget.self, tag: "other").arity == 2)
  }

  // MARK: - Validation of definitions with runtime arguments

  @Test func validateChecksDefinitionsWhoseArgumentsTheContainerCanSupply() {
    let container = Container()
    container.register { Service() }
    container.register { r in Repository(service: try r.resolve()) }
    container.register { (r, repository: Repository) in
      _ = try r.resolve(ConsoleAnalytics.self)  // missing
      return Widget(arity: 1)
    }
    let report = container.validate()
    #expect(report.checked.contains { $0.type == Widget.self })
    #expect(report.problems.map(\.pathDescription) == ["Widget → ConsoleAnalytics"], "\(report)")
    #expect(report.skippedDefinitions.isEmpty)
  }

  @Test func validateSkipsWithAReasonWhatNeedsArgumentsTheContainerCannotSupply() {
    let container = Container()
    container.register { (_, host: String, port: Int) in Client(host: host, port: port) }
    let report = container.validate()
    #expect(ids(report.skippedDefinitions.map(\.key.type)) == ids(Client.self))
    #expect(report.skippedDefinitions.first?.reason.contains("String") == true)
    #expect(report.skippedDefinitions.first?.reason.contains("validate(arguments:") == true)
    #expect(report.description.contains("skipped"))
    #expect(report.isValid)
  }

  @Test func validateWithArgumentsTriesTheGivenArgumentSets() {
    let container = Container()
    container.register { (r, host: String, port: Int) in
      _ = try r.resolve(Service.self)  // missing: the check must reach the factory
      return Client(host: host, port: port)
    }
    container.register { (_, name: String) in TaggedConfig(name: name) }
    let report = container.validate(arguments: ("example.com", 443), "staging")
    #expect(report.skippedDefinitions.isEmpty)
    #expect(report.checked.count == 2)
    #expect(report.problems.count == 1)
    #expect(report.problems.first?.pathDescription == "Client (arguments: (String, Int)) → Service")
  }

  // MARK: - A factory's own error during validation

  @Test func aFactoryThatThrowsItsOwnErrorIsAWarningInValidation() {
    let container = Container()
    container.register { () throws -> C in throw FactoryError(reason: "no network in tests") }
    let report = container.validate()
    #expect(report.isValid)
    #expect(report.warnings.map(\.kind) == [.factoryThrew])
    #expect(report.warnings.first?.message.contains("no network in tests") == true)
    #expect(report.warnings.first?.message.contains("FactoryError") == true)
  }

  @Test func aContainerErrorInsideAFactoryIsStillAProblem() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    #expect(container.validate().problems.map(\.code) == [.definitionNotFound])
  }

  // MARK: - Forwarding a definition of another container

  @Test func forwardingADefinitionOfAnotherContainerResolvesItsInstance() throws {
    let services = Container()
    let screen = Container()
    let presenter = services.register(.singleton) { ListPresenter() }
    screen.register(presenter, type: (any ListInteractorOutput).self)
    screen.register(presenter, type: ListPresenter.self)
    let output = try screen.resolve((any ListInteractorOutput).self)
    let same = try screen.resolve(ListPresenter.self)
    #expect(output as AnyObject === same)
    #expect(same === (try services.resolve(ListPresenter.self)))
    #expect(screen.validate().isValid)
  }

  @Test func forwardingToADefinitionOfAReleasedContainerIsATypedError() throws {
    let screen = Container()
    do {
      let services = Container()
      let presenter = services.register(.shared) { ListPresenter() }
      screen.register(presenter, type: (any ListInteractorOutput).self)
    }
    let error = #expect(throws: ResolutionError.self) { try screen.resolve((any ListInteractorOutput).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message.contains("released") == true)
  }

  // MARK: - Optionals of types registered only with runtime arguments

  @Test func anOptionalOfATypeRegisteredOnlyWithArgumentsIsAnErrorNotNil() {
    let container = Container()
    container.register { (_, name: String) in ListPresenter() }
    container.register { ListViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(ListViewController.self) }
    #expect(error?.remedy.contains("String") == true)
    let report = container.validate()
    #expect(!report.isValid)
    #expect(report.warnings.allSatisfy { $0.kind != .optionalResolvedToNil })
  }

  /// The same mistake with runtime arguments of the wrong type (an `Int64` for an `Int`) is an
  /// error too, not a silent `nil`; and arguments passed to a type registered without any
  /// (outside client 25: `nil`, while the request without arguments threw).
  @Test func anOptionalResolvedWithArgumentsItIsNotRegisteredWithIsAnErrorNotNil() throws {
    let container = Container()
    container.register { (_, name: Int) in ListPresenter() }
    container.register { ListViewController() }
    #expect(try container.resolve(ListPresenter?.self, arguments: 3) != nil)
    let wrongType = #expect(throws: ResolutionError.self) {
      try container.resolve(ListPresenter?.self, arguments: Int64(3))
    }
    #expect(wrongType?.code == .definitionNotFound)
    #expect(wrongType?.remedy.contains("registered with arguments Int but was resolved with Int64") == true)
    let toAPlainOne = #expect(throws: ResolutionError.self) {
      try container.resolve(ListViewController?.self, arguments: "unexpected")
    }
    #expect(toAPlainOne?.code == .definitionNotFound)
    #expect(try container.resolve(ListInteractor?.self, arguments: 3) == nil)
  }

  /// An optional that lost its tag (`vc.presenter = try r.resolve()` for a presenter registered
  /// with one) is `nil`, and `validate()`'s warning names the tagged definition it missed, not
  /// "not registered" (outside client 25: a Swinject `name:` ported to a tag, one resolve without).
  @Test func validateNamesTheTaggedDefinitionAnOptionalWithoutItsTagMissed() throws {
    let container = Container()
    container.register(tag: "main") { ListPresenter() }
    container.register { ListViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    #expect(try container.resolve(ListViewController.self).presenter == nil)
    let warning = try #require(container.validate().warnings.first { $0.kind == .optionalResolvedToNil })
    #expect(warning.message.contains("registered as ListPresenter tag \"main\""), "\(warning)")
    #expect(!warning.message.contains("not registered"), "\(warning)")
  }

  /// A factory's advice spells the one tag the type is registered with, and with several leaves
  /// the choice to the user.
  @Test func theAdviceForAFactorysUntaggedOptionalSpellsTheRegisteredTag() throws {
    let container = Container()
    container.register(tag: "main") { ListPresenter() }
    container.register { ListViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    let one = try #require(container.validate().warnings.first { $0.kind == .optionalResolvedToNil })
    #expect(one.message.contains("Resolve it with that tag (`try r.resolve(tag: \"main\")`)"), "\(one)")
    container.register(tag: "compact") { ListPresenter() }
    let several = try #require(container.validate().warnings.first { $0.kind == .optionalResolvedToNil })
    #expect(several.message.contains("(`try r.resolve(tag: ...)`)"), "\(several)")
  }

  @Test func anOptionalOfAnUnregisteredTypeIsStillNil() throws {
    let container = Container()
    container.register { ListViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    #expect(try container.resolve(ListViewController.self).presenter == nil)
  }

  // MARK: - Tagged requests that fall back to an untagged singleton

  @Test func validateWarnsWhenATaggedRequestFallsBackToAnUntaggedSingletonBesideOtherTags() {
    let container = Container()
    container.register(.singleton) { TaggedConfig(name: "shared by every environment") }
    container.register(.singleton, tag: "staging") { TaggedConfig(name: "staging") }
    container.register { r in ConfigConsumer(config: try r.resolve(TaggedConfig.self, tag: "production")) }
    let report = container.validate()
    #expect(report.isValid)
    let warning = report.warnings.first { $0.kind == .taggedRequestSharesUntaggedSingleton }
    #expect(warning?.message.contains("\"production\"") == true)
    #expect(warning?.message.contains("\"staging\"") == true)
  }

  @Test func noFallbackWarningWithoutAnotherTag() {
    let container = Container()
    container.register(.singleton) { TaggedConfig(name: "one") }
    container.register { r in ConfigConsumer(config: try r.resolve(TaggedConfig.self, tag: "production")) }
    #expect(container.validate().warnings.isEmpty)
  }
}
