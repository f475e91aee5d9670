// The types the Getting Started article registers.
import Foundation
import Surrogate

protocol HTTPClient: Sendable {}
struct URLSessionClient: HTTPClient {}
final class Repository {
  let client: any HTTPClient
  init(client: any HTTPClient) { self.client = client }
}
final class Analytics {}
struct Client {
  let url: URL
  let port: Int
}
let url = URL(string: "https://example.com")!
