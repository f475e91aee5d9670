// The mail service of the Services article: an instance that does not conform to
// LongRunningService, with a run method of its own.
import Surrogate

final class Mailer: Sendable {
  func deliverUntilCancelled() async throws {}
}
