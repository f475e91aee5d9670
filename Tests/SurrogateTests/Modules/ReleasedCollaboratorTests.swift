import Surrogate
import Testing

// Containers hold their collaborators weakly: a migrant who drops the app's container meets
// `definitionNotFound` for everything the app provided. The error says that a collaborator was
// released, instead of only "register it" (outside client 16).

private final class AccountsStore: Sendable {}

private final class Dashboard: Sendable {
  let accounts: AccountsStore
  init(accounts: AccountsStore) { self.accounts = accounts }
}

struct ReleasedCollaboratorTests {
  private func profile(keepingApp: Bool) -> (profile: Container, app: Container?) {
    let profile = Container()
    profile.register { r in Dashboard(accounts: try r.resolve()) }
    let app = Container()
    app.register(.singleton) { AccountsStore() }
    profile.collaborate(with: app)
    return (profile, keepingApp ? app : nil)
  }

  @Test func aMissingTypeSaysAReleasedCollaboratorMayHaveProvidedIt() {
    let (profile, _) = profile(keepingApp: false)
    let error = #expect(throws: ResolutionError.self) { try profile.resolve(Dashboard.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "Dashboard → AccountsStore")
    #expect(
      error?.remedy.contains("1 container it collaborated with has been released") == true,
      "\(String(describing: error))")
  }

  @Test func aChildOfTheReleasingContainerSaysSoToo() {
    let (profile, _) = profile(keepingApp: false)
    let screen = Container(parent: profile)
    let error = #expect(throws: ResolutionError.self) { try screen.resolve(Dashboard.self) }
    #expect(error?.remedy.contains("has been released") == true, "\(String(describing: error))")
  }

  @Test func nothingIsSaidWhileTheCollaboratorLives() throws {
    let (profile, app) = profile(keepingApp: true)
    #expect(try profile.resolve(Dashboard.self).accounts === app?.resolve(AccountsStore.self))
    let error = #expect(throws: ResolutionError.self) { try profile.resolve(Int.self) }
    #expect(error?.remedy.contains("released") == false, "\(String(describing: error))")
  }
}
