import Dispatch
import SuiteSupport
import Surrogate
import Testing

private final class InjectedRepository {}
private final class InjectedAudit {}

private final class InjectedPresenter {
  @Injected var repository: InjectedRepository
  @Injected var audit: InjectedAudit?
  @Injected(required: false) var missing: InjectedAudit?
}

private final class InjectedPresenterHolder {
  let presenter: InjectedPresenter
  init(presenter: InjectedPresenter) { self.presenter = presenter }
}
private final class InjectedScreen {
  @Injected var presenter: InjectedPresenter
}

private struct InjectedSettings { var theme = "dark" }

private final class InjectedHoldsSettingsWeakly {
  @InjectedWeak var settings: InjectedSettings?
}

private final class InjectedListener {}

private final class InjectedAnnouncer {
  @InjectedWeak var listener: InjectedListener?
}

/// A screen whose presenter gets it weakly, as a property: the screen holds the presenter.
private final class InjectedScreenView {
  @Injected var presenter: InjectedScreenPresenter
}
private final class InjectedScreenPresenter {
  @InjectedWeak var view: InjectedScreenView?
}

private class InjectedBaseScreen {
  @Injected var repository: InjectedRepository
}

private final class InjectedDerivedScreen: InjectedBaseScreen {
  @Injected var audit: InjectedAudit
}

private final class InjectedGeneric<Value: AnyObject> {
  @Injected var value: Value
}

/// A `.unique` property before an `async` one, a weak one, an optional one nothing registers, and
/// `Resolvable` callbacks, counted.
private final class InjectedWorkbench: Resolvable {
  @Injected var audit: InjectedAudit
  @Injected var repository: InjectedRepository
  @InjectedWeak var listener: InjectedListener?
  @Injected var settings: InjectedSettings?
  let resolvedDependencies = Counter()
  let didResolve = Counter()
  func resolveDependencies(_ resolver: Resolver) throws { resolvedDependencies.increment() }
  func didResolveDependencies() { didResolve.increment() }
}

/// `@Injected` and `@InjectedWeak` beyond Dip's own cases: failure paths, validation, async
/// resolution, inheritance, generics and concurrency.
@Suite(.hangGuard)
struct AutoInjectionTests {
  @Test func aMissingPropertyTwoLevelsDownNamesBothPropertiesInThePath() {
    let container = Container()
    container.register { InjectedScreen() }
    container.register { InjectedPresenter() }
    do {
      _ = try container.resolve(InjectedScreen.self)
      Issue.record("resolved without a repository")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(
        error.pathDescription == "InjectedScreen.presenter → InjectedPresenter.repository → InjectedRepository",
        "\(error.pathDescription)")
      #expect(error.detailedDescription.contains("InjectedPresenter.repository"))
      #expect(error.message.contains("Cannot auto-inject InjectedScreen.presenter"), "\(error.message)")
    }
  }

  @Test func aProblemBreakingSeveralDefinitionsKeepsThePropertiesInItsPath() {
    let container = Container()
    container.register { r in InjectedPresenterHolder(presenter: try r.resolve()) }
    container.register { InjectedPresenter() }
    let problem = container.validate().problems.first { $0.key == DefinitionKey(type: InjectedRepository.self) }
    #expect(problem?.message.contains("It breaks 2 definitions") == true, "\(problem.map { "\($0)" } ?? "none")")
    #expect(problem?.pathDescription.contains("InjectedPresenter.repository → InjectedRepository") == true)
  }

  @Test func validateReportsAMissingRequiredPropertyAndWarnsAboutANilOptionalOne() {
    let container = Container()
    container.register { InjectedPresenter() }
    let broken = container.validate()
    #expect(broken.problems.map(\.code) == [.propertyInjectionFailed], "\(broken)")
    container.register { InjectedRepository() }
    let report = container.validate()
    #expect(report.problems.isEmpty, "\(report)")
    #expect(report.warnings.contains { "\($0)".contains("InjectedAudit") }, "\(report)")
  }

  @Test func anOptionalPropertyIsNilOnlyWhenNothingIsRegistered() throws {
    let container = Container()
    container.register { InjectedRepository() }
    container.register { InjectedPresenter() }
    #expect(try container.resolve(InjectedPresenter.self).audit == nil)
    container.register { InjectedAudit() }
    #expect(try container.resolve(InjectedPresenter.self).audit != nil)
    // A required optional whose factory fails still fails the resolution.
    container.register { () throws -> InjectedAudit in throw CancellationError() }
    #expect(throws: ResolutionError.self) { try container.resolve(InjectedPresenter.self) }
  }

  @Test func validateWarnsAboutAWeakPropertyThatIsTheOnlyHolderOfItsInstance() throws {
    let container = Container()
    container.register(.unique) { InjectedListener() }
    container.register(.unique) { InjectedAnnouncer() }
    // What the warning is about: the property reads nil once resolve returns.
    #expect(try container.resolve(InjectedAnnouncer.self).listener == nil)

    let report = container.validate()
    let warnings = report.warnings.filter { $0.kind == .heldOnlyWeakly }
    #expect(warnings.count == 1, "\(report)")
    #expect(
      warnings.first?.path == [DefinitionKey(type: InjectedAnnouncer.self), DefinitionKey(type: InjectedListener.self)])
    #expect(
      warnings.first?.message
        == "InjectedAnnouncer.listener (@InjectedWeak) is the only holder of the InjectedListener made for it: it "
        + "reads nil as soon as resolve returns. Give InjectedListener a scope that keeps it (`.singleton`, or "
        + "`.shared` with a strong holder in the same graph), or use `@Injected`.")
    #expect(report.problems.isEmpty, "\(report)")
  }

  /// The made instance holds the asker (a screen's view and its presenter): a strong `@Injected`
  /// would be a retain cycle, so the advice is to resolve the view (outside client 37: "or use
  /// `@Injected`", applied, made the leak check fail).
  @Test func theWarningAboutAWeakPropertyOfAScreensPresenterSaysToResolveTheView() throws {
    let container = Container()
    container.register(.shared) { InjectedScreenView() }
    container.register(.shared) { InjectedScreenPresenter() }
    let warning = try #require(container.validate().warnings.first { $0.kind == .heldOnlyWeakly })
    #expect(warning.message.contains("Resolve InjectedScreenView instead"), "\(warning.message)")
    #expect(!warning.message.contains("use `@Injected`"), "\(warning.message)")
    let view = try container.resolve(InjectedScreenView.self)
    #expect(view.presenter.view === view)
  }

  @Test(arguments: [Scope.singleton, .custom("session")])
  func validateDoesNotWarnAboutAWeakPropertyWhoseInstanceTheContainerKeeps(scope: Scope) throws {
    let container = Container()
    container.register(scope) { InjectedListener() }
    container.register(.unique) { InjectedAnnouncer() }
    #expect(try container.resolve(InjectedAnnouncer.self).listener != nil)
    let report = container.validate()
    #expect(!report.warnings.contains { $0.kind == .heldOnlyWeakly }, "\(report)")
  }

  @Test func aWeakPropertyOfAValueTypeFailsWithTheReason() {
    let container = Container()
    container.register { InjectedSettings() }
    container.register { InjectedHoldsSettingsWeakly() }
    do {
      _ = try container.resolve(InjectedHoldsSettingsWeakly.self)
      Issue.record("injected a value weakly")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(error.message.contains("not a class instance"), "\(error.message)")
    }
  }

  @Test func inheritedPropertiesAreInjectedAndGenericClassesToo() throws {
    let container = Container()
    container.register { InjectedRepository() }
    container.register { InjectedAudit() }
    container.register { InjectedDerivedScreen() }
    container.register { InjectedGeneric<InjectedAudit>() }
    let screen = try container.resolve(InjectedDerivedScreen.self)
    #expect(screen.$repository.value != nil)
    #expect(screen.$audit.value != nil)
    #expect(try container.resolve(InjectedGeneric<InjectedAudit>.self).$value.value != nil)
  }

  @Test func aFactoryThatMakesInstancesOfSeveralClassesInjectsEach() throws {
    let container = Container()
    container.register { InjectedRepository() }
    container.register { InjectedAudit() }
    let flip = Locked(false)
    container.register(.unique) { () -> InjectedBaseScreen in
      let derived = flip.withLock { made in
        made.toggle()
        return made
      }
      return derived ? InjectedDerivedScreen() : InjectedBaseScreen()
    }
    for _ in 0..<4 {
      let screen = try container.resolve(InjectedBaseScreen.self)
      #expect(screen.$repository.value != nil)
      if let derived = screen as? InjectedDerivedScreen { #expect(derived.$audit.value != nil) }
    }
  }

  @Test func anAsyncResolutionInjectsPropertiesWhoseFactoriesAreAsync() async throws {
    let container = Container()
    container.register(.singleton) { (_: Resolver) async throws -> InjectedRepository in
      try await Task.sleep(for: .milliseconds(1))
      return InjectedRepository()
    }
    container.register { InjectedPresenter() }
    container.register { InjectedScreen() }
    let screen = try await container.resolve(InjectedScreen.self)
    #expect(screen.presenter.$repository.value != nil)
    // The synchronous resolve cannot make the async repository, and says so.
    let fresh = Container()
    fresh.register { (_: Resolver) async throws -> InjectedRepository in InjectedRepository() }
    fresh.register { InjectedPresenter() }
    let error = #expect(throws: ResolutionError.self) { try fresh.resolve(InjectedPresenter.self) }
    // Concurrency.md, "When to write await": the property's failure, with the reason as its cause.
    #expect(error?.code == .propertyInjectionFailed)
    #expect((error?.cause as? ResolutionError)?.code == .requiresAwait)
  }

  @Test func anAsyncResolutionMakesAUniquePropertyBeforeAnAsyncOneOnceAndFillsEveryKindOfProperty() async throws {
    let container = Container()
    let audits = Counter()
    container.register(.unique) { () -> InjectedAudit in
      audits.increment()
      return InjectedAudit()
    }
    container.register(.singleton) { (_: Resolver) async throws -> InjectedRepository in
      await Task.yield()
      return InjectedRepository()
    }
    container.register(.singleton) { InjectedListener() }
    container.register { InjectedWorkbench() }
    let workbench = try await container.resolve(InjectedWorkbench.self)
    #expect(audits.value == 1)
    let repository: InjectedRepository = try await container.resolve()
    let listener: InjectedListener = try await container.resolve()
    #expect(workbench.$repository.value === repository)
    #expect(workbench.listener === listener)
    #expect(workbench.settings == nil)
    #expect(workbench.resolvedDependencies.value == 1)
    #expect(workbench.didResolve.value == 1)
  }

  @Test func anAsyncResolutionFailsOnAMissingRequiredPropertyNamingIt() async {
    let container = Container()
    container.register { InjectedPresenter() }
    do {
      _ = try await container.resolve(InjectedPresenter.self)
      Issue.record("resolved without a repository")
    } catch let error as ResolutionError {
      #expect(error.code == .propertyInjectionFailed)
      #expect(error.pathDescription == "InjectedPresenter.repository → InjectedRepository", "\(error.pathDescription)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func readingARequiredPropertyBeforeInjectionStopsTheProgramAndValueReadsNil() async {
    #expect(InjectedPresenter().$repository.value == nil)
    await #expect(processExitsWith: .failure) {
      _ = InjectedPresenter().repository
    }
  }

  @Test func turningAutoInjectionOffAfterBootstrapIsRejectedAndReported() throws {
    let container = Container()
    container.register { InjectedRepository() }
    let presenter = container.register { InjectedPresenter() }
    try container.bootstrap()
    presenter.autoInjectingProperties(false)
    #expect(try container.resolve(InjectedPresenter.self).$repository.value != nil)
    #expect(container.rejectedChanges.map(\.code) == [.modifiedAfterBootstrap])
    #expect(container.rejectedChanges.first?.message.contains("Auto-injection") == true)
  }

  @Test func theInjectionPlanIsMadeOnceUnderContentionAndEveryInstanceIsInjected() {
    for seed in 0..<8 {
      let container = Container()
      container.register { InjectedRepository() }
      container.register(.unique) { InjectedPresenter() }
      let failures = Locked(0)
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        var generator = SeededGenerator(seed: SeededGenerator.caseSeed(run: UInt64(seed), index: index))
        for _ in 0..<Int.random(in: 20..<60, using: &generator) {
          let injected = (try? container.resolve(InjectedPresenter.self))?.$repository.value != nil
          if !injected { failures.withLock { $0 += 1 } }
        }
      }
      #expect(failures.withLock { $0 } == 0, "seed \(seed)")
    }
  }
}
