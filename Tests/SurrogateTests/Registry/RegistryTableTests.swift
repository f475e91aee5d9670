import SuiteSupport
import Surrogate
import Testing

/// The registry's own hash table (open addressing, entries moved back on removal, copied when a
/// published snapshot shares it), checked through the container against a dictionary model.
struct RegistryTableTests {
  /// One untagged type per index, so that untagged keys collide and move around as well.
  struct Slot<Index> {}

  @Test(arguments: [0x5EED, 0xC0FFEE, 42] as [UInt64])
  func randomRegistrationsRemovalsAndLookupsAgreeWithAModel(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let container = Container()
    var tagged: [Int: (definition: Definition<URLSessionClient, Void>, name: String)] = [:]
    var untagged: [Int: Definition<Slot<Int>, Void>] = [:]
    for step in 0..<2_000 {
      let tag = Int.random(in: 0..<200, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0, 1:
        let name = "\(tag)-\(step)"
        // Integer tags for even numbers, string tags for odd ones: both kinds share the table.
        let definition =
          tag.isMultiple(of: 2)
          ? container.register(tag: tag) { URLSessionClient(name: name) }
          : container.register(tag: "\(tag)") { URLSessionClient(name: name) }
        tagged[tag] = (definition, name)
      case 2:
        if let entry = tagged.removeValue(forKey: tag) { container.remove(entry.definition) }
      case 3:
        // A few untagged definitions come and go under keys of their own types.
        switch tag % 4 {
        case 0: untagged[0] = container.register { Slot<Int>() }
        case 1: if let definition = untagged.removeValue(forKey: 0) { container.remove(definition) }
        case 2: container.register { Slot<String>() }
        default: container.register { Slot<Double>() }
        }
      default:
        // A resolve publishes a snapshot that the next write must copy, not change.
        try expectAgreement(container, tagged, tag: tag, step: step, seed: seed)
      }
      if step % 500 == 499 {
        for tag in 0..<200 { try expectAgreement(container, tagged, tag: tag, step: step, seed: seed) }
        #expect((try container.resolve(Slot<Int>?.self) != nil) == (untagged[0] != nil))
      }
    }
  }

  private func expectAgreement(
    _ container: Container, _ model: [Int: (definition: Definition<URLSessionClient, Void>, name: String)],
    tag: Int, step: Int, seed: UInt64
  ) throws {
    let resolved =
      tag.isMultiple(of: 2)
      ? try container.resolve(URLSessionClient?.self, tag: tag)
      : try container.resolve(URLSessionClient?.self, tag: "\(tag)")
    #expect(resolved?.name == model[tag]?.name, "seed \(seed), step \(step), tag \(tag)")
  }

  @Test func aGraphKeepsTheRegistryItStartedWithWhileTheTableChanges() throws {
    let container = Container()
    for index in 0..<64 { container.register(tag: index) { URLSessionClient(name: "\(index)") } }
    let seen = Locked<[String]>([])
    container.register { r -> Service in
      // Registrations made during a resolve copy the table the graph reads, and grow it.
      for index in 64..<200 { container.register(tag: index) { URLSessionClient(name: "late \(index)") } }
      for index in [0, 63, 64, 199] {
        let name = try r.resolve(URLSessionClient.self, tag: index).name
        seen.withLock { $0.append(name) }
      }
      return Service()
    }
    _ = try container.resolve(Service.self)
    #expect(seen.withLock { $0 } == ["0", "63", "late 64", "late 199"])
    #expect(try container.resolve(URLSessionClient.self, tag: 150).name == "late 150")
  }

  /// A registry keeps its only untagged definition in place, without a table, and moves it into
  /// the table when a second comes (issue #36): a few untagged types registered, replaced and
  /// removed in random order, with snapshots taken in between, always answer as a model does.
  @Test(arguments: [0x5EED, 0xC0FFEE, 7] as [UInt64])
  func aFewUntaggedDefinitionsComingAndGoingAgreeWithAModel(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let container = Container(parent: Container())
    var model: [Int: Int] = [:]
    var definitions: [Int: Definition<Slot<Int>, Void>] = [:]
    var others: [Int: Definition<Slot<String>, Void>] = [:]
    for step in 0..<600 {
      let which = Int.random(in: 0..<2, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        let value = step
        if which == 0 {
          definitions[0] = container.register { _ in Slot<Int>() }
        } else {
          others[0] = container.register { _ in Slot<String>() }
        }
        model[which] = value
      case 1:
        if which == 0, let definition = definitions.removeValue(forKey: 0) { container.remove(definition) }
        if which == 1, let definition = others.removeValue(forKey: 0) { container.remove(definition) }
        model[which] = nil
      default:
        // A resolve takes a snapshot, which the next write must not change.
        let hasInt = try container.resolve(Slot<Int>?.self) != nil
        let hasString = try container.resolve(Slot<String>?.self) != nil
        #expect(hasInt == (model[0] != nil), "seed \(seed), step \(step)")
        #expect(hasString == (model[1] != nil), "seed \(seed), step \(step)")
      }
    }
  }
}
