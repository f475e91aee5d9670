import Logging
import NotesServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// surrogate-notes-server [--wiring container|by-hand] [--port N] [--log-level LEVEL]
// Stops gracefully on SIGTERM or SIGINT: the HTTP server first (in-flight requests finish),
// then the stats reporter and the purger, then the pool.
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
let server = try NotesServer(configuration, wiring: wiring) { port in print("\(banner):\(port)") }
try await server.run(server.makeServiceGroup(gracefulShutdownSignals: [.sigterm, .sigint]))
