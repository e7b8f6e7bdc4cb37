import Foundation
import HeraldCore

/// Opens a media location: a remote URL through the fetcher, a local file through
/// ``LocalFileFetcher``. Shared by the avatar and attachment downloads.
struct MediaFetch: Sendable {
    let fetcher: any Fetcher
    let configuration: EnrichmentConfiguration

    enum Opened: Sendable {
        case response(FetchResponse)
        case refused(String)
        case failed(String)
    }

    func open(_ url: URL, headers: [String: String] = [:]) async -> Opened {
        switch MediaLocation(url, configuration: configuration) {
        case .refused(let reason):
            return .refused(reason)
        case .localFile(let file, let root):
            do {
                return .response(try await LocalFileFetcher(root: root).fetch(file))
            } catch {
                return .failed("\(error)")
            }
        case .remote(let remote):
            do {
                let request = FetchRequest(url: remote, headers: headers, maximumRedirects: configuration.maximumRedirects)
                return .response(try await fetcher.fetch(request))
            } catch is CancellationError {
                return .failed("cancelled")
            } catch {
                return .failed("\(error)")
            }
        }
    }
}

extension FetchResponse {
    /// Reads the whole body into memory, stopping as soon as it passes `limit` bytes.
    ///
    /// - Returns: the bytes, or `nil` when the body is larger than `limit`.
    /// - Throws: the transport's error, or `CancellationError`.
    func collect(limit: Int) async throws -> Data? {
        var data = Data()
        for try await chunk in body {
            guard data.count + chunk.count <= limit else { return nil }
            data.append(chunk)
        }
        try Task.checkCancellation()
        return data
    }

    var isSuccess: Bool { (200..<300).contains(statusCode) }
}
