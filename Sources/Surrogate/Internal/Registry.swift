/// One container's registrations, guarded by the container's mutex.
///
/// Lookups hash only a ``TypeKey`` (two pointers); tags are then compared in a short list, so a
/// tagged lookup costs what an untagged one does until a type has many tags.
struct Registry {
  private(set) var slots: [TypeKey: Slot] = [:]
  /// For auto-wiring: the argument lists each type is registered with.
  private(set) var argumentVariants: [ObjectIdentifier: [ObjectIdentifier: Any.Type]] = [:]
  private var nextSerial = 0

  mutating func makeSerial() -> Int {
    nextSerial += 1
    return nextSerial
  }

  func entry(for key: DefinitionKey) -> (any Entry)? {
    slots[key.typeKey]?.entry(for: key.tag)
  }

  /// The entry under the exact tag, else the untagged one: a single-container lookup in one step.
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? {
    guard let slot = slots[key.typeKey] else { return nil }
    if let tag = key.tag, let entry = slot.entry(for: tag) { return entry }
    return slot.untagged
  }

  mutating func insert(_ entry: any Entry) {
    let key = entry.key
    slots[key.typeKey, default: Slot()].set(entry, for: key.tag)
    if key.hasArguments {
      argumentVariants[ObjectIdentifier(key.type), default: [:]][ObjectIdentifier(key.argumentsType)] = key.argumentsType
    }
  }

  /// Replaces the entry at `key` if it is still the one with `id`.
  mutating func update(_ key: DefinitionKey, id: RegistrationID, _ transform: (any Entry) -> (any Entry)?) {
    guard let current = entry(for: key), current.id == id, let updated = transform(current) else { return }
    slots[key.typeKey]?.set(updated, for: key.tag)
  }

  /// Removes the entry at `key` if it has `id`; returns whether it did.
  @discardableResult
  mutating func remove(_ key: DefinitionKey, id: RegistrationID) -> Bool {
    guard let current = entry(for: key), current.id == id else { return false }
    slots[key.typeKey]?.set(nil, for: key.tag)
    if slots[key.typeKey]?.isEmpty == true {
      slots[key.typeKey] = nil
      if key.hasArguments {
        argumentVariants[ObjectIdentifier(key.type)]?[ObjectIdentifier(key.argumentsType)] = nil
      }
    }
    return true
  }

  mutating func removeAll() {
    slots = [:]
    argumentVariants = [:]
  }

  var entries: [any Entry] { slots.values.flatMap(\.entries) }
}

/// The definitions of one type and argument list: the untagged one and the tagged ones.
struct Slot {
  private static let linearLimit = 8

  var untagged: (any Entry)?
  private var tagged: [(tag: DefinitionTag, entry: any Entry)] = []
  private var taggedIndex: [DefinitionTag: any Entry]?

  var isEmpty: Bool { untagged == nil && tagged.isEmpty && (taggedIndex?.isEmpty ?? true) }

  var entries: [any Entry] {
    (untagged.map { [$0] } ?? []) + (taggedIndex.map { Array($0.values) } ?? tagged.map(\.entry))
  }

  func entry(for tag: DefinitionTag?) -> (any Entry)? {
    guard let tag else { return untagged }
    if let taggedIndex { return taggedIndex[tag] }
    for candidate in tagged where candidate.tag == tag { return candidate.entry }
    return nil
  }

  mutating func set(_ entry: (any Entry)?, for tag: DefinitionTag?) {
    guard let tag else {
      untagged = entry
      return
    }
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
