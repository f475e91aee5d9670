/// Whether a container's services are running (``Container/runServices()``) and whether its
/// shutdown has begun: the decisions, made under the container's lock; ``Container`` carries
/// them out.
struct ServiceRunState {
  /// What a call of `runServices()` may do.
  enum Claim: Sendable {
    /// Run the services; report the run's progress to these events.
    case run(ServiceRunEvents)
    /// An earlier call is running them.
    case alreadyRunning
    /// The container's shutdown has begun (or an ancestor's, when `byAncestor`): run nothing.
    case shutDown(byAncestor: Bool)
  }

  /// The events of the call of `runServices()` that runs the services, if one does.
  private var current: ServiceRunEvents?
  /// Whether ``Container/shutdown()`` began: no run starts any more.
  private(set) var isShuttingDown = false

  /// A call of `runServices()` asks to run the services.
  mutating func claim(ancestorIsShuttingDown: Bool) -> Claim {
    if isShuttingDown || ancestorIsShuttingDown { return .shutDown(byAncestor: !isShuttingDown) }
    if current != nil { return .alreadyRunning }
    let events = ServiceRunEvents()
    current = events
    return .run(events)
  }

  /// The run of `events` has returned: another may start.
  mutating func release(_ events: ServiceRunEvents) {
    if current === events { current = nil }
  }

  /// The container's shutdown begins; returns the run to stop, if one is running.
  mutating func beginShutdown() -> ServiceRunEvents? {
    isShuttingDown = true
    return current
  }

  /// The run to stop for an ancestor's shutdown, if one is running.
  var running: ServiceRunEvents? { current }
}
