import Foundation

/// Streams a local file as if it were a download, so previews of payloads with relative paths
/// go through the same caps and sniffing as real downloads.
struct LocalFileFetcher: Sendable {
    static let chunkSize = 64 * 1024

    func fetch(_ file: URL) throws -> FetchResponse {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw FetchError(.fileNotFound, "\(file.path) cannot be read")
        }
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            let reader = Task {
                defer { try? handle.close() }  // a close failure after reading changes nothing
                do {
                    while !Task.isCancelled, let chunk = try handle.read(upToCount: LocalFileFetcher.chunkSize), !chunk.isEmpty {
                        continuation.yield(chunk)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
        return FetchResponse(statusCode: 200, headers: [:], body: stream)
    }
}
