import Testing

/// Dip's cases that need API Surrogate does not have, each with what it needs. A case moves from
/// here to its file's suite when the API exists.
enum AwaitingAPI {
  static let cases: [(dipTest: String, file: String, needs: String)] =
    dipTests + definitionTests + contextTests + autoInjectionTests

  private static let collaboration = "`collaborate(with:)`"
  private static let injected = "`@Injected` / `@InjectedWeak` auto-injected properties"
  private static let standaloneDefinition = "a standalone `Definition` with `resolveProperties(of:container:)`"

  private static func cases(in file: String, _ list: [(String, String)])
    -> [(dipTest: String, file: String, needs: String)]
  {
    list.map { (dipTest: $0.0, file: file, needs: $0.1) }
  }

  private static let dipTests = cases(
    in: "DipTests",
    [
      ("testThatItCallsDidResolveDependenciesOnResolvableIntance", "`Resolvable.didResolveDependencies()`"),
      ("testThatItCallsDidResolveDependenciesInReverseOrder", "`Resolvable.didResolveDependencies()`"),
      ("testItCallsResolveDependenciesOnResolableInstance", "`Resolvable.resolveDependencies(_:)`"),
      ("testThatItPicksRuntimeArgumentsWhenValidatingConfiguration", "`validate(_ arguments: Any...)`"),
      ("testThatItCanResolveUsingContainersCollaboration", "\(collaboration), both ways"),
      ("testThatCollaboratingWithSelfIsIgnored", collaboration),
      ("testThatCollaboratingContainersAreWeakReferences", "\(collaboration), holding weakly"),
      ("testThatCollaboratingContainersReuseInstancesResolvedByAnotherContainer", "\(collaboration), both ways"),
      ("testThatContainerAutowireBeforeCollaboration", "\(collaboration), both ways"),
      ("testThatItCanHandleSeparateContainersAndTheirCollaboration", collaboration),
    ])

  private static let definitionTests = cases(
    in: "DefinitionTests",
    [
      ("testThatResolveDependenciesCallsResolveDependenciesBlock", standaloneDefinition),
      ("testThatResolveDependenciesBlockIsNotCalledWhenPassedWrongInstance", standaloneDefinition),
    ])

  private static let contextTests = cases(
    in: "ContextTests",
    [
      ("testThatContextStoresCurrentlyResolvedType", "`context.resolvingType`"),
      ("testThatContextStoresInjectedInType", "`context.injectedInType`"),
      ("testThatContextStoresTheTagPassedToResolveWhenAutoInjecting", "\(injected), `context.injectedInProperty`"),
      ("testThatContextStoresNameOfAutoInjectedProperty", "\(injected), `context.injectedInProperty`"),
      (
        "testThatItDoesNotSetInjectedInTypeWhenResolvingWithCollaboration",
        "\(collaboration), `context.injectedInType`"
      ),
      ("testThatContextIsPreservedWhenResolvingWithCollaboration", "\(collaboration), `context.resolvingType`"),
    ])

  private static let autoInjectionTests = cases(
    in: "AutoInjectionTests",
    [
      ("testThatItResolvesAutoInjectedDependencies", injected),
      ("testThatItResolvesInheritedDependencies", "\(injected) in a subclass"),
      ("testThatItCanSetInjectedProperty", "settable \(injected)"),
      ("testThatItThrowsErrorIfFailsToAutoInjectDependency", injected),
      ("testThatItResolvesAutoInjectedSingletons", injected),
      ("testThatItCallsResolveDependencyBlockWhenAutoInjecting", injected),
      ("testThatItReusesResolvedAutoInjectedInstances", injected),
      ("testThatItReusesAutoInjectedInstancesOnNextResolveOrAutoInjection", injected),
      ("testThatThereIsNoRetainCycleBetweenAutoInjectedCircularDependencies", injected),
      ("testThatItCallsDidInjectOnAutoInjectedProperty", "`@Injected(didInject:)`"),
      ("testThatNoErrorThrownWhenOptionalPropertiesAreNotAutoInjected", "`@Injected(required: false)`"),
      ("testThatItResolvesTaggedAutoInjectedProperties", "`@Injected(tag:)`"),
      ("testThatItPassesTagToAutoInjectedProperty", "\(injected) inheriting the request's tag"),
      ("testThatItDoesNotPassTagToAutoInjectedPropertyWithExplicitTag", "`@Injected(tag:)`"),
      ("testThatItAutoInjectsPropertyWithCollaboratingContainer", "\(injected), \(collaboration)"),
      ("testThatItDoesNotAutoInjectIfDisabledInDefinition", "`Definition.autoInjectingProperties(_:)`"),
      ("testThatItDoesNotAutoInjectIfDisabledInContainer", "`Container(autoInjectProperties:)`"),
      ("testThatItAutoInjectsWhenOverriddenInDefinition", "`Container(autoInjectProperties:)`"),
    ])
}

/// Checks the list of Dip cases awaiting API.
struct AwaitingAPITests {
  /// The number of Dip cases counted as awaiting API when the suite was written.
  static let counted = 36

  /// Each case is listed once, and the list is as long as the count in the report.
  @Test func listNamesEachDipCaseOnceAndMatchesTheCount() {
    let names = AwaitingAPI.cases.map { "\($0.file).\($0.dipTest)" }
    #expect(Set(names).count == names.count, "a case is listed twice")
    #expect(names.count == Self.counted)
    #expect(AwaitingAPI.cases.allSatisfy { !$0.needs.isEmpty })
  }
}
