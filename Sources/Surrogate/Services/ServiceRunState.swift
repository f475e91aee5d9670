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

  /// The runs of services that `resolveServices()` handed out and their caller runs.
  private var handedOut: [HandedOutServiceRun] = []

  /// A handed-out service's `run()` asks to run: refused once the shutdown of the container (or
  /// of an ancestor, when `ancestorIsShuttingDown`) has begun.
  mutating func claimHandedOut(
    position: Int, ancestorIsShuttingDown: Bool
  ) -> Result<HandedOutServiceRun, ShutDown> {
    if isShuttingDown || ancestorIsShuttingDown { return .failure(ShutDown(byAncestor: !isShuttingDown)) }
    let run = HandedOutServiceRun(position: position)
    handedOut.append(run)
    return .success(run)
  }

  /// Why a handed-out service may not run: the shutdown of its container, or of an ancestor.
  struct ShutDown: Error {
    let byAncestor: Bool
  }

  /// A handed-out service's `run()` has returned.
  mutating func release(_ run: HandedOutServiceRun) {
    handedOut.removeAll { $0 === run }
  }

  /// The container's shutdown begins; returns the runs to stop: `runServices()`' run, if one is
  /// running, and the handed-out services' runs, dependents first.
  mutating func beginShutdown() -> (run: ServiceRunEvents?, handedOut: [HandedOutServiceRun]) {
    isShuttingDown = true
    return (current, running.handedOut)
  }

  /// The runs to stop for an ancestor's shutdown: `runServices()`' run, if one is running, and
  /// the handed-out services' runs, dependents first.
  var running: (run: ServiceRunEvents?, handedOut: [HandedOutServiceRun]) {
    (current, handedOut.sorted { $0.position > $1.position })
  }
}
