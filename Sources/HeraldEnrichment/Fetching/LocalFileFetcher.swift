import Foundation
@_spi(HeraldTools) import HeraldCore

/// Streams a local file as if it were a download, so previews of payloads with relative paths
/// go through the same caps and sniffing as real downloads.
///
/// Only a regular file inside ``root`` (the payload file's folder) is read, judged after every
/// symbolic link in its path is resolved, and again once open, where the kernel says the file
/// opened is (`Platform.path(ofOpenFile:)` in HeraldCore), so a folder swapped for a link in between leads
/// nowhere: a payload cannot name `/proc/self/environ`, a key file in the user's home, a FIFO
/// or a terminal. The file is opened with `O_NONBLOCK`, and
/// opened and read on a queue of its own, never on Swift's concurrency pool, so a file that
/// blocks (a stuck network mount) cannot take the threads the deadline needs. The file is read
/// one chunk per request of the reader, never ahead of it, so memory stays at one chunk
/// whatever the file's size.
struct LocalFileFetcher: Sendable {
    static let chunkSize = 64 * 1024
    /// The folder every read must stay inside.
    let root: URL

    func fetch(_ file: URL) async throws(FetchError) -> FetchResponse {
        let queue = DispatchQueue(label: "herald.local-file")
        let root = root
        let opened: Result<Int32, FetchError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: LocalFileFetcher.openRegularFile(file, inside: root)) }
        }
        let reader = ChunkReader(descriptor: try opened.get(), queue: queue)
        return FetchResponse(statusCode: 200, headers: [:], body: AsyncThrowingStream(unfolding: { try await reader.next() }))
    }

    /// Opens `file` for reading when it is a regular file inside `root` once links resolve.
    private static func openRegularFile(_ file: URL, inside root: URL) -> Result<Int32, FetchError> {
        guard let folder = HeraldCore.Platform.realPath(root.path) else {
            return .failure(FetchError(.fileNotFound, "the payload's folder \(root.path) cannot be read: \(String(cString: strerror(errno)))"))
        }
        guard let path = HeraldCore.Platform.realPath(file.path) else {
            return .failure(FetchError(.fileNotFound, "\(file.path) cannot be read: \(String(cString: strerror(errno)))"))
        }
        let confined = ConfinedFolder(realPath: folder)
        guard confined.holds(realPath: path) else {
            return .failure(FetchError(.outsideFolder, "\(file.path) is \(path), outside the payload file's folder \(folder); a preview reads local media only from there"))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(FetchError(.fileNotFound, "\(path) cannot be read: \(String(cString: strerror(errno)))"))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(FetchError(.notARegularFile, "\(path) is not a regular file (a folder, a FIFO or a device), which a preview never reads"))
        }
        // A folder on the way may have been swapped for a link since realpath looked (O_NOFOLLOW
        // guards only the last name): the file opened is judged again, where the kernel says it is.
        guard let opened = HeraldCore.Platform.path(ofOpenFile: descriptor), ConfinedFolder.opened(folder)?.holds(realPath: opened) == true else {
            close(descriptor)
            return .failure(FetchError(.outsideFolder, "\(path) changed while it was opened: the file opened is not inside the payload file's folder \(folder)"))
        }
        return .success(descriptor)
    }
}

/// Reads an open file chunk by chunk on its queue, and closes it at the end, or when the
/// stream is dropped.
private final class ChunkReader: @unchecked Sendable {
    // @unchecked: `descriptor` is only touched on `queue`, which is serial.
    private let queue: DispatchQueue
    private var descriptor: Int32?

    init(descriptor: Int32, queue: DispatchQueue) {
        self.descriptor = descriptor
        self.queue = queue
    }

    func next() async throws -> Data? {
        try Task.checkCancellation()
        let chunk: Result<Data?, FetchError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readChunk()) }
        }
        return try chunk.get()
    }

    private func readChunk() -> Result<Data?, FetchError> {
        guard let file = descriptor else { return .success(nil) }
        var buffer = Data(count: LocalFileFetcher.chunkSize)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, LocalFileFetcher.chunkSize) }
        guard count > 0 else {
            let failure = count < 0 ? FetchError(.transport, "reading failed: \(String(cString: strerror(errno)))") : nil
            close(file)
            descriptor = nil
            return failure.map { .failure($0) } ?? .success(nil)
        }
        return .success(buffer.prefix(count))
    }

    deinit {
        if let descriptor { close(descriptor) }  // dropped unread: nothing depends on the close
    }
}
