/// One container's registrations, guarded by the container's mutex.
///
/// Lookups hash only a ``TypeKey`` (two pointers); tags are then compared in a short list, so a
/// tagged lookup costs what an untagged one does until a type has many tags.
struct Registry {
  /// Untagged entries, apart from the tagged ones so that the common lookup copies one reference.
  private(set) var untagged: [TypeKey: any Entry] = [:]
  private(set) var tagged: [TypeKey: TagTable] = [:]
  /// For auto-wiring: the argument lists each type is registered with.
  private(set) var argumentVariants: [ObjectIdentifier: [ObjectIdentifier: Any.Type]] = [:]
  private var nextSerial = 0

  mutating func makeSerial() -> Int {
    nextSerial += 1
    return nextSerial
  }

  func entry(for key: DefinitionKey) -> (any Entry)? {
    guard let tag = key.tag else { return untagged[key.typeKey] }
    return tagged[key.typeKey]?.entry(for: tag)
  }

  /// The entry under the exact tag, else the untagged one: a single-container lookup in one step.
  @inline(__always)
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? {
    if let tag = key.tag, let entry = tagged[key.typeKey]?.entry(for: tag) { return entry }
    return untagged[key.typeKey]
  }

  mutating func insert(_ entry: any Entry) {
    let key = entry.key
    set(entry, for: key)
    if key.hasArguments {
      argumentVariants[ObjectIdentifier(key.type), default: [:]][ObjectIdentifier(key.argumentsType)] = key.argumentsType
    }
  }

  private mutating func set(_ entry: (any Entry)?, for key: DefinitionKey) {
    if let tag = key.tag {
      tagged[key.typeKey, default: TagTable()].set(entry, for: tag)
      if tagged[key.typeKey]?.isEmpty == true { tagged[key.typeKey] = nil }
    } else {
      untagged[key.typeKey] = entry
    }
  }

  /// Replaces the entry at `key` if it is still the one with `id`.
  mutating func update(_ key: DefinitionKey, id: RegistrationID, _ transform: (any Entry) -> (any Entry)?) {
    guard let current = entry(for: key), current.id == id, let updated = transform(current) else { return }
    set(updated, for: key)
  }

  /// Removes the entry at `key` if it has `id`; returns whether it did.
  @discardableResult
  mutating func remove(_ key: DefinitionKey, id: RegistrationID) -> Bool {
    guard let current = entry(for: key), current.id == id else { return false }
    set(nil, for: key)
    if key.hasArguments, untagged[key.typeKey] == nil, tagged[key.typeKey] == nil {
      argumentVariants[ObjectIdentifier(key.type)]?[ObjectIdentifier(key.argumentsType)] = nil
    }
    return true
  }

  mutating func removeAll() {
    untagged = [:]
    tagged = [:]
    argumentVariants = [:]
  }

  var entries: [any Entry] { Array(untagged.values) + tagged.values.flatMap(\.entries) }
}

/// The tagged definitions of one type and argument list: a short list compared in place (no
/// hashing), turned into a dictionary once a type has many tags.
struct TagTable {
  private static let linearLimit = 8

  private var tagged: [(tag: DefinitionTag, entry: any Entry)] = []
  private var taggedIndex: [DefinitionTag: any Entry]?

  var isEmpty: Bool { tagged.isEmpty && (taggedIndex?.isEmpty ?? true) }

  var entries: [any Entry] { taggedIndex.map { Array($0.values) } ?? tagged.map(\.entry) }

  func entry(for tag: DefinitionTag) -> (any Entry)? {
    if let taggedIndex { return taggedIndex[tag] }
    for candidate in tagged where candidate.tag == tag { return candidate.entry }
    return nil
  }

  mutating func set(_ entry: (any Entry)?, for tag: DefinitionTag) {
    if taggedIndex != nil {
      taggedIndex?[tag] = entry
      return
    }
    tagged.removeAll { $0.tag == tag }
    if let entry { tagged.append((tag, entry)) }
    if tagged.count > Self.linearLimit {
      taggedIndex = Dictionary(uniqueKeysWithValues: tagged.map { ($0.tag, $0.entry) })
      tagged = []
    }
  }
}
