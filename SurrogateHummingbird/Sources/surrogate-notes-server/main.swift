import Logging
import NotesServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// surrogate-notes-server [--wiring container|by-hand] [--port N] [--log-level LEVEL]
// Stops gracefully on SIGTERM or SIGINT: the HTTP server first (in-flight requests finish),
// then the stats reporter and the purger, then the pool; then prints what stopped, in order.
var configuration = NotesServerConfiguration()
var wiring = Wiring.container
var arguments = CommandLine.arguments.dropFirst()[...]
while let option = arguments.popFirst() {
  guard let value = arguments.popFirst() else {
    print("surrogate-notes-server: \(option) needs a value")
    exit(2)
  }
  switch option {
  case "--wiring" where Wiring(rawValue: value) != nil: wiring = Wiring(rawValue: value)!
  case "--port" where Int(value) != nil: configuration.port = Int(value)!
  case "--log-level" where Logger.Level(rawValue: value) != nil: configuration.logLevel = Logger.Level(rawValue: value)!
  default:
    print(
      "surrogate-notes-server: bad option \(option) \(value); use --wiring container|by-hand, --port N, --log-level LEVEL"
    )
    exit(2)
  }
}
let banner = "surrogate-notes-server (\(wiring.rawValue)) listening on \(configuration.host)"
let server = try await NotesServer(configuration, wiring: wiring) { port in
  print("\(banner):\(port)")
  fflush(nil)  // every stream: the banner goes through a pipe in the tests
}
try await server.run(server.makeServiceGroup(gracefulShutdownSignals: [.sigterm, .sigint]))
// What stopped, in order, and the units of work: the SIGTERM test reads these two lines.
// (From the first stop on: ordering the services resolved them once in a throwaway graph, whose
// pool was closed at the start.)
let stops = server.events.entries.drop { !$0.hasSuffix("stopped") }.filter { !$0.hasSuffix("started") }
print("stopped: \(stops.joined(separator: ", "))")
let counts = server.ledger.counts
print(
  "units of work: \(counts.began) began, \(counts.committed) committed, \(counts.rolledBack) rolled back, "
    + "\(counts.disposed) disposed")
