/// How a `resolvingProperties` block runs.
@usableFromInline
enum BlockIsolation: Sendable, Equatable {
  /// Synchronous and non-isolated: runs wherever the resolution runs.
  case plain
  /// Synchronous, on the main actor.
  case mainActor
  /// `async`, non-isolated.
  case async
  /// `async`, on the main actor.
  case mainActorAsync

  var isAsync: Bool { self == .async || self == .mainActorAsync }
  var isMainActor: Bool { self == .mainActor || self == .mainActorAsync }
}
