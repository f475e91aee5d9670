import SuiteSupport
import Surrogate
import Testing

/// Two screens' view models with one short name, as an app's feature namespaces have them.
enum LoginFeature {
  final class ViewModel {}
  struct Draft<Value> {}
}

enum ProfileFeature {
  final class ViewModel {
    init(session: LoginFeature.ViewModel) {}
  }
}

struct NameBox<Value> {}

private final class FilePrivateService {}

enum SettingsFeature {
  private final class Store {}
  static var storeType: Any.Type { Store.self }
}

extension Int {
  struct Limit {}
}

/// A type is named as the code that uses it writes it: a nested type with the types it is
/// nested in, without the module; a private or local type with the types it is declared in (the
/// runtime prints their contexts differently in debug and release builds).
struct NestedTypeNameTests {
  @Test func aNestedTypeIsNamedWithTheTypesItIsNestedIn() {
    #expect(DefinitionKey(type: LoginFeature.ViewModel.self).description == "LoginFeature.ViewModel")
    #expect(
      DefinitionKey(type: NameBox<ProfileFeature.ViewModel>.self).description == "NameBox<ProfileFeature.ViewModel>")
    #expect(
      DefinitionKey(type: LoginFeature.Draft<[String: ProfileFeature.ViewModel?]>.self).description
        == "LoginFeature.Draft<Dictionary<String, Optional<ProfileFeature.ViewModel>>>")
  }

  @Test func aPrivateOrLocalTypeIsNamedWithTheTypesItIsDeclaredIn() {
    final class LocalPresenter {}
    #expect(DefinitionKey(type: FilePrivateService.self).description == "FilePrivateService")
    #expect(DefinitionKey(type: LocalPresenter.self).description == "NestedTypeNameTests.LocalPresenter")
    #expect(
      DefinitionKey(type: NameBox<LocalPresenter>.self).description == "NameBox<NestedTypeNameTests.LocalPresenter>")
    #expect(DefinitionKey(type: SettingsFeature.storeType).description == "SettingsFeature.Store")
  }

  @Test func aTypeNestedInAnotherModulesTypeIsNamedAsWritten() {
    #expect(DefinitionKey(type: Int.Limit.self).description == "Int.Limit")
    #expect(DefinitionKey(type: [Int.Limit].self).description == "Array<Int.Limit>")
  }

  @Test func aMissingNestedTypeIsTheOneNamedOnThePathAndInTheRemedy() {
    let container = Container()
    container.register { LoginFeature.ViewModel() }
    container.register { r in ProfileFeature.ViewModel(session: try r.resolve()) }
    let unregistered = Container()
    unregistered.register { r in ProfileFeature.ViewModel(session: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try unregistered.resolve(ProfileFeature.ViewModel.self) }
    let text = error.map { "\($0)" } ?? ""
    #expect(text.contains("ProfileFeature.ViewModel → LoginFeature.ViewModel"), "\(text)")
    #expect(text.contains("LoginFeature.ViewModel.init"), "\(text)")
    #expect(throws: Never.self) { try container.resolve(ProfileFeature.ViewModel.self) }
  }

  @Test func theGraphExportTellsNestedTypesOfOneNameApart() throws {
    let container = Container()
    container.register { LoginFeature.ViewModel() }
    container.register { r in ProfileFeature.ViewModel(session: try r.resolve()) }
    let dot = try container.dependencyGraph(of: ProfileFeature.ViewModel.self).dot()
    #expect(dot.contains("ProfileFeature.ViewModel") && dot.contains("LoginFeature.ViewModel"), "\(dot)")
  }
}
