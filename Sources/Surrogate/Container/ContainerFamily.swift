import Synchronization

/// What a container shares with its ancestors and its children, and with no other container: a
/// family's flag that overrides were installed, and the identity that decides which graph a
/// nested `resolve` joins.
///
/// A child (and a scope's container) shares its parent's family; a container made without a
/// parent starts one. Collaborating containers stay separate families: a graph of one never joins
/// a graph of the other. (Their waits for each other's singletons meet in the process's one
/// ``WaitCoordinator``.)
@usableFromInline
final class ContainerFamily: Sendable {
  /// Set once any container of this family has had overrides installed; until then `resolve`
  /// does not read the task-local override scope.
  @usableFromInline let overridesInstalled = Atomic<Bool>(false)

  init() {}

  /// Whether any container of this family has had overrides installed: read inline by every
  /// `resolve`, so that the common answer, no, costs one load.
  @inlinable @inline(__always)
  var hasOverrides: Bool { overridesInstalled.load(ordering: .relaxed) }

  func noteOverrides() { overridesInstalled.store(true, ordering: .relaxed) }
}
