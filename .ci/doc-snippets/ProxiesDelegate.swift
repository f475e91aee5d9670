// The screen of the Proxies article's delegate example.
import SurrogateMacros

@Proxyable
protocol DownloadDelegate: AnyObject {
  func downloadDidFinish(_ name: String)
}
extension WeakRefProxy: DownloadDelegate where T: DownloadDelegate {}

final class DownloadsScreen: DownloadDelegate {
  var downloader: Downloader?
  func downloadDidFinish(_ name: String) {}
}
