import Surrogate
import SurrogateTesting
import Testing

private protocol Plugin: AnyObject {}

/// A plugin that holds its host, which holds the plugin: a cycle.
private final class LeakyPlugin: Plugin {
  var host: PluginHost?
}

private final class TidyPlugin: Plugin {}

private final class PluginHost {
  var plugin: LeakyPlugin?
}

/// A leak check of a collection sees each of its members.
struct MultiBindingLeakCheckTests {
  @Test func everyMemberOfACollectionIsChecked() throws {
    let container = Container()
    container.register(into: [any Plugin].self) { TidyPlugin() }
    container.register(.unique, into: [any Plugin].self) { TidyPlugin() }
    let report = try container.checkForLeaks(resolving: [any Plugin].self)
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.count == 2, "\(report.checked)")
    // Each member is named as `validate()` and the graph export name it (outside client 15).
    #expect(Set(report.checked).count == 2, "\(report.checked)")
    #expect(report.checked.map(\.description).allSatisfy { $0.contains(" of Array<Plugin>") }, "\(report.checked)")
  }

  @Test func aMemberCaughtInACycleIsReportedWithItsPath() throws {
    let container = Container()
    container.register(into: [any Plugin].self) { TidyPlugin() }
    container.register(.shared) { LeakyPlugin() }
      .resolvingProperties { r, plugin in plugin.host = try r.resolve() }
      .contributes(to: [any Plugin].self)
    container.register(.shared) { PluginHost() }
      .resolvingProperties { r, host in host.plugin = try r.resolve() }
    let report = try container.checkForLeaks(resolving: [any Plugin].self)
    #expect(!report.isReleased)
    #expect(report.checked.count == 3, "\(report.checked)")
    let leaked = report.leaks.first { $0.typeName == "LeakyPlugin" }
    #expect(leaked?.cycleDescription == "LeakyPlugin.host → PluginHost.plugin → LeakyPlugin")
  }
}
