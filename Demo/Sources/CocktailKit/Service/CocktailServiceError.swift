/// Why the catalogue could not answer: every transport, HTTP and decoding failure of the remote
/// proxy, as one typed error.
///
/// ```swift
/// do {
///   _ = try await service.cocktails(named: "mojito")
/// } catch {
///   print("error: \(error.message)")   // typed: `error` is a CocktailServiceError
///   print("hint: \(error.remedy)")
/// }
/// ```
public struct CocktailServiceError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  ///
  /// ```swift
  /// if error.code == .timedOut { retry() }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Name: String {
      case invalidBaseURL, invalidTimeout, requestTooLong, unreachable, tooManyRedirects, timedOut, responseTooLarge
      case httpStatus, malformedResponse, cancelled
    }
    private let name: Name

    /// The base URL is not an `http` or `https` URL with a host, or its port is not from 1 to 65535.
    public static let invalidBaseURL = Code(name: .invalidBaseURL)
    /// The timeout is not a number of seconds within ``RemoteCocktailService/timeoutRange``.
    public static let invalidTimeout = Code(name: .invalidTimeout)
    /// The request's URL is longer than ``RemoteCocktailService/requestLimit``; it was not sent.
    public static let requestTooLong = Code(name: .requestTooLong)
    /// No connection: refused, no route, unknown host, or another transport failure.
    public static let unreachable = Code(name: .unreachable)
    /// The server redirected again and again (a redirect loop).
    public static let tooManyRedirects = Code(name: .tooManyRedirects)
    /// The body is larger than ``RemoteCocktailService/responseLimit``; the rest was not read.
    public static let responseTooLarge = Code(name: .responseTooLarge)
    /// The server did not answer in full within the proxy's timeout.
    public static let timedOut = Code(name: .timedOut)
    /// The server answered with a status other than 2xx; ``CocktailServiceError/statusCode``
    /// holds it.
    public static let httpStatus = Code(name: .httpStatus)
    /// The body is not TheCocktailDB's `{"drinks": ...}` JSON.
    public static let malformedResponse = Code(name: .malformedResponse)
    /// The task waiting for the answer was cancelled.
    public static let cancelled = Code(name: .cancelled)

    /// The code's name: `timedOut`.
    public var description: String { name.rawValue }
  }

  /// What kind of failure it is.
  public let code: Code
  /// What happened, in one sentence.
  public let message: String
  /// The request that failed, when one was made.
  public let url: String?
  /// The HTTP status, for ``Code/httpStatus``.
  public let statusCode: Int?
  /// What to do about it.
  public let remedy: String
  /// The underlying error (a `URLError`, a `DecodingError`), when there is one.
  public let cause: (any Error)?

  /// Creates an error.
  ///
  /// ```swift
  /// CocktailServiceError(.timedOut, message: "no answer within 0.3 s", remedy: "try again")
  /// ```
  public init(
    _ code: Code, message: String, url: String? = nil, statusCode: Int? = nil, remedy: String,
    cause: (any Error)? = nil
  ) {
    self.code = code
    self.message = message
    self.url = url
    self.statusCode = statusCode
    self.remedy = remedy
    self.cause = cause
  }

  /// One line: `timedOut: no answer within 0.3 s (GET http://…/search.php?s=x). Fix: …`.
  public var description: String {
    "\(code): \(message)\(url.map { " (GET \($0))" } ?? ""). Fix: \(remedy)"
  }
}
