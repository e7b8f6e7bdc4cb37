import Foundation

/// Streams a local file as if it were a download, so previews of payloads with relative paths
/// go through the same caps and sniffing as real downloads.
///
/// The file is read one chunk per request of the reader, never ahead of it, so memory stays
/// at one chunk whatever the file's size.
struct LocalFileFetcher: Sendable {
    static let chunkSize = 64 * 1024

    func fetch(_ file: URL) throws -> FetchResponse {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw FetchError(.fileNotFound, "\(file.path) cannot be read")
        }
        let reader = ChunkReader(handle: handle)
        return FetchResponse(statusCode: 200, headers: [:], body: AsyncThrowingStream(unfolding: { try reader.next() }))
    }
}

/// Reads a file chunk by chunk and closes it at the end, or when the stream is dropped.
private final class ChunkReader: @unchecked Sendable {
    // @unchecked: `handle` is only touched while `lock` is held.
    private let lock = NSLock()
    private var handle: FileHandle?

    init(handle: FileHandle) {
        self.handle = handle
    }

    func next() throws -> Data? {
        try Task.checkCancellation()
        return try lock.withLock {
            guard let open = handle else { return nil }
            if let chunk = try open.read(upToCount: LocalFileFetcher.chunkSize), !chunk.isEmpty {
                return chunk
            }
            try? open.close()  // fully read: a close error cannot lose anything
            handle = nil
            return nil
        }
    }

    deinit {
        try? handle?.close()  // dropped unread: nothing depends on the close
    }
}
