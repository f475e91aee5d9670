import Surrogate
import SurrogateTesting
import Testing

// A cycle through an instance the container keeps (a signed-in user's session): weakening any
// other reference of the cycle leaves the screen held by the kept instance, so the report names
// the kept instance's reference (outside client 19).

extension Scope {
  fileprivate static let userSession = Scope.custom("session")
}

private final class SignedInSession {
  var currentScreen: AnyObject?
}

private final class AccountViewModel {
  let session: SignedInSession
  init(session: SignedInSession) { self.session = session }
}

private final class AccountScreen {
  let viewModel: AccountViewModel
  init(viewModel: AccountViewModel) { self.viewModel = viewModel }
}

struct KeptInstanceCycleLeakTests {
  @Test func aCycleThroughASessionObjectNamesTheSessionsReference() throws {
    let app = Container()
    app.register(.userSession) { SignedInSession() }
    let screen = Container(parent: app)
    screen.register(.shared) { r in AccountViewModel(session: try r.resolve()) }
    screen.register(.shared) { r in AccountScreen(viewModel: try r.resolve()) }
      .resolvingProperties { r, profile in try r.resolve(SignedInSession.self).currentScreen = profile }
    let report = try screen.checkForLeaks(resolving: AccountScreen.self)
    let leak = try #require(report.leaks.first { $0.typeName == "AccountScreen" }, "\(report)")
    #expect(leak.suggestion.contains("SignedInSession.currentScreen"), "\(leak.suggestion)")
    #expect(leak.suggestion.contains("kept by the container"), "\(leak.suggestion)")
    #expect(!leak.suggestion.contains("make one of these references weak"), "\(leak.suggestion)")
  }
}
