import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The remote proxy: stands in for the catalogue on a server, hiding how it is called. It builds
/// each request's URL from a TheCocktailDB-compatible base URL, performs it with `URLSession`,
/// decodes the `{"drinks": [...]}` JSON, and turns every failure into one
/// ``CocktailServiceError``.
///
/// ```swift
/// let service = try RemoteCocktailService(
///   baseURL: URL(string: "https://www.thecocktaildb.com/api/json/v1/1/")!, timeout: 10)
/// let negronis = try await service.cocktails(named: "negroni")   // GET …/search.php?s=negroni
/// ```
public final class RemoteCocktailService: CocktailService {
  /// Where the API lives; request paths (`search.php`) are resolved against it.
  public let baseURL: URL
  /// How long a request may take from start to end, in seconds.
  public let timeout: TimeInterval
  /// The timeouts the proxy accepts, in seconds: from a tenth of a second to an hour.
  ///
  /// ```swift
  /// RemoteCocktailService.timeoutRange.contains(10)   // true
  /// ```
  public static let timeoutRange: ClosedRange<TimeInterval> = 0.1...3_600
  /// The most bytes of body the proxy reads from one answer: 8 MiB, hundreds of times the bundled
  /// catalogue's largest answer (all 40 drinks, about 22 KB). A longer body is a
  /// ``CocktailServiceError/Code/responseTooLarge`` error, and the rest is never read.
  public static let responseLimit = 8 << 20
  /// The longest request URL the proxy sends, in bytes: 2048, as most servers accept. A longer one
  /// is a ``CocktailServiceError/Code/requestTooLong`` error, and nothing is sent.
  public static let requestLimit = 2_048
  private let session: URLSession
  private let collector = ResponseCollector(limit: responseLimit)

  /// Creates a proxy for the API at `baseURL`.
  ///
  /// ```swift
  /// let local = try RemoteCocktailService(baseURL: server.baseURL, timeout: 0.3)
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: An `http` or `https` URL, e.g. `https://www.thecocktaildb.com/api/json/v1/1/`;
  ///     a missing trailing `/` is added.
  ///   - timeout: How long each request may take, in seconds, within ``timeoutRange``.
  /// - Throws: ``CocktailServiceError/Code/invalidBaseURL`` when `baseURL` is not an `http(s)`
  ///   URL with a host, or its port is not from 1 to 65535;
  ///   ``CocktailServiceError/Code/invalidTimeout`` when `timeout` is outside ``timeoutRange``.
  public init(baseURL: URL, timeout: TimeInterval = 10) throws(CocktailServiceError) {
    guard let scheme = baseURL.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = baseURL.host, !host.isEmpty
    else {
      throw CocktailServiceError(
        .invalidBaseURL, message: "'\(baseURL.absoluteString)' is not an http(s) URL with a host",
        remedy: "give a full URL such as https://www.thecocktaildb.com/api/json/v1/1/")
    }
    if let port = Self.portText(of: baseURL), !(Int(port).map { (1...65_535).contains($0) } ?? false) {
      throw CocktailServiceError(
        .invalidBaseURL, message: "'\(baseURL.absoluteString)' has port \(port), which is not a port from 1 to 65535",
        remedy: "give the server's port, or leave it out for the scheme's default (80 for http, 443 for https)")
    }
    guard Self.timeoutRange.contains(timeout) else {
      throw CocktailServiceError(
        .invalidTimeout, message: "a timeout of \(timeout) s is not between 0.1 s and 1 hour",
        remedy: "give a timeout from \(Self.timeoutRange.lowerBound) to \(Int(Self.timeoutRange.upperBound)) seconds")
    }
    self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    // NB: swift-corelibs-foundation truncates these to whole seconds (0.3 s fires at once, 1.5 s
    // after 1 s), so the proxy keeps the deadline itself and only gives URLSession a looser one.
    configuration.timeoutIntervalForRequest = Self.sessionTimeout(timeout)
    configuration.timeoutIntervalForResource = Self.sessionTimeout(timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
  }

  deinit { session.finishTasksAndInvalidate() }

  // MARK: - CocktailService

  public func cocktails(named name: String) async throws(CocktailServiceError) -> [Cocktail] {
    try await drinks(url(for: "search.php", "s", name)).map(\.cocktail)
  }

  public func cocktails(startingWith letter: Character) async throws(CocktailServiceError) -> [Cocktail] {
    try await drinks(url(for: "search.php", "f", String(letter))).map(\.cocktail)
  }

  public func cocktails(withIngredient ingredient: String) async throws(CocktailServiceError) -> [CocktailSummary] {
    try await drinks(url(for: "filter.php", "i", ingredient)).map(\.summary)
  }

  public func cocktail(id: String) async throws(CocktailServiceError) -> Cocktail? {
    try await drinks(url(for: "lookup.php", "i", id)).first?.cocktail
  }

  public func randomCocktail() async throws(CocktailServiceError) -> Cocktail {
    let url = url(for: "random.php")
    guard let drink = try await drinks(url).first else {
      throw CocktailServiceError(
        .malformedResponse, message: "random.php answered with no drink", url: url.absoluteString,
        remedy: "check that the catalogue behind the base URL is not empty")
    }
    return drink.cocktail
  }

  // MARK: - HTTP

  /// `baseURL/endpoint?name=value`, percent-encoded.
  func url(for endpoint: String, _ name: String? = nil, _ value: String? = nil) -> URL {
    var components = URLComponents(url: baseURL.appendingPathComponent(endpoint), resolvingAgainstBaseURL: true)!
    if let name, let value { components.queryItems = [URLQueryItem(name: name, value: value)] }
    return components.url!
  }

  private func drinks(_ url: URL) async throws(CocktailServiceError) -> [DrinkRecord] {
    // NB: FlyingFox 0.27.1, the loopback server's HTTP layer, reads a request line in time
    // quadratic in its length (each byte re-scans the line for its end: 16 KB took 5 s), and no
    // hook runs before it to answer 414. So the proxy never sends a URL longer than requestLimit.
    let length = url.absoluteString.utf8.count
    guard length <= Self.requestLimit else {
      throw CocktailServiceError(
        .requestTooLong,
        message: "the request would be \(length) bytes long; the demo sends at most \(Self.requestLimit)",
        remedy: "search for a shorter text")
    }
    let request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(timeout))
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await perform(request)
    } catch {
      throw failure(error, url: url)
    }
    guard let http = response as? HTTPURLResponse else {
      throw CocktailServiceError(
        .malformedResponse, message: "the answer is not HTTP", url: url.absoluteString,
        remedy: "use an http(s) base URL")
    }
    guard (200..<300).contains(http.statusCode) else {
      throw CocktailServiceError(
        .httpStatus, message: "the server answered HTTP \(http.statusCode)", url: url.absoluteString,
        statusCode: http.statusCode, remedy: remedy(forStatus: http.statusCode))
    }
    do {
      return try JSONDecoder().decode(DrinksResponse.self, from: data).drinks
    } catch {
      throw CocktailServiceError(
        .malformedResponse, message: "the answer is not TheCocktailDB JSON (\(Self.describe(error)))",
        url: url.absoluteString,
        remedy:
          "point the base URL at a TheCocktailDB-compatible API such as https://www.thecocktaildb.com/api/json/v1/1/",
        cause: error)
    }
  }

  /// The request, or `URLError(.timedOut)` once ``timeout`` has passed, whichever comes first;
  /// the body is at most ``responseLimit`` bytes.
  private func perform(_ request: URLRequest) async throws -> (Data, URLResponse) {
    try await collector.perform(request, in: session, timeout: .seconds(timeout))
  }

  /// The port as written in the URL (`99999` in `http://host:99999/`), or `nil` when none is.
  ///
  /// `URL.port` cannot say: it is `nil` both for no port and for one too large for an `Int`.
  static func portText(of url: URL) -> Substring? {
    guard let start = url.absoluteString.range(of: "://")?.upperBound else { return nil }
    var authority = url.absoluteString[start...].prefix { !"/?#".contains($0) }
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      authority = authority[authority.index(after: close)...]
    }
    guard let colon = authority.lastIndex(of: ":") else { return nil }
    let port = authority[authority.index(after: colon)...]
    return port.isEmpty ? nil : port
  }

  private static func sessionTimeout(_ timeout: TimeInterval) -> TimeInterval { timeout.rounded(.up) + 1 }

  private func failure(_ error: any Error, url: URL) -> CocktailServiceError {
    let host = baseURL.host ?? baseURL.absoluteString
    if error is CancellationError || (error as? URLError)?.code == .cancelled {
      return CocktailServiceError(
        .cancelled, message: "the request was cancelled", url: url.absoluteString, remedy: "run it again",
        cause: error)
    }
    if error is ResponseCollector.TooLarge {
      return CocktailServiceError(
        .responseTooLarge,
        message: "the answer is larger than \(Self.responseLimit >> 20) MiB, the most the demo reads",
        url: url.absoluteString,
        remedy: "check the base URL points at a TheCocktailDB-compatible API; its answers are a few kilobytes",
        cause: error)
    }
    if (error as? URLError)?.code == .httpTooManyRedirects {
      return CocktailServiceError(
        .tooManyRedirects, message: "\(host) answered with too many redirects (a redirect loop?)",
        url: url.absoluteString, remedy: "check the base URL; open it in a browser to see where it leads",
        cause: error)
    }
    if (error as? URLError)?.code == .timedOut {
      return CocktailServiceError(
        .timedOut, message: "\(host) did not answer within \(Self.seconds(timeout))", url: url.absoluteString,
        remedy: "try again, or allow more time with a longer timeout", cause: error)
    }
    return CocktailServiceError(
      .unreachable, message: "cannot reach \(host): \((error as? URLError).map(Self.describe) ?? "\(error)")",
      url: url.absoluteString,
      remedy:
        "check the base URL and that the server is running; without a base URL the demo serves its bundled catalogue",
      cause: error)
  }

  private func remedy(forStatus status: Int) -> String {
    switch status {
    case 404: "check the base URL: it should be the API's root, e.g. https://www.thecocktaildb.com/api/json/v1/1/"
    case 401, 403: "the server refused access; check that the base URL needs no key beyond the one in its path"
    case 500...: "the server failed; try again later"
    default: "check the base URL points at a TheCocktailDB-compatible API"
    }
  }

  private static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "connection refused"
    case .cannotFindHost, .dnsLookupFailed: "unknown host"
    case .notConnectedToInternet: "not connected to a network"
    case .networkConnectionLost: "the connection was lost"
    default: error.localizedDescription
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted: "not valid JSON"
    case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    default: "\(error)"
    }
  }

  private static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
  }
}
