import Foundation
@_spi(HeraldTools) import HeraldCore

/// Streams one attachment to disk under the cap of its kind, and names the file by what the
/// bytes are.
///
/// The body is never held whole in memory; the cap applies to bytes received, whatever
/// `Content-Length` claims; the file name is Herald's (`attachment-N.ext`), never payload
/// text; a partial file is removed on failure or cancellation.
struct AttachmentDownloader: Sendable {
    let media: MediaFetch
    let configuration: EnrichmentConfiguration
    /// This notification's own directory.
    let directory: URL

    func download(_ attachment: Message.Attachment, index: Int) async -> (AttachmentResult, [Decision]) {
        let label = "attachment \(index + 1) (\(attachment.url.absoluteString))"
        func result(_ status: FetchStatus, _ code: Decision.Code, _ reason: String) -> (AttachmentResult, [Decision]) {
            (AttachmentResult(source: attachment, status: status), [Decision(code, "\(label) \(reason)")])
        }
        let response: FetchResponse
        switch await media.open(attachment.url) {
        case .refused(let reason): return result(.skipped, .attachmentSkipped, "not fetched: \(reason)")
        case .failed(let reason): return result(.failed, .attachmentFailed, "failed: \(reason)")
        case .response(let opened): response = opened
        }
        guard response.isSuccess else {
            return result(.failed, .attachmentFailed, "failed: the server answered HTTP \(response.statusCode)")
        }
        let partial = directory.appendingPathComponent("attachment-\(index + 1).part")
        var keep = false
        defer {
            // Whatever went wrong, no partial file stays behind.
            if !keep { try? FileManager.default.removeItem(at: partial) }
        }
        do {
            let handle: FileHandle
            do {
                _ = try PrivateDirectory(directory)
                handle = try PrivateFile.create(partial)
            } catch {
                return result(.failed, .attachmentFailed, "failed: it cannot be saved: \(error)")
            }
            defer { try? handle.close() }  // closing after the last write cannot lose data already written
            var prefix = Data()
            var type: MediaFormat?
            var written = 0
            for try await chunk in response.body {
                if type == nil {
                    prefix.append(chunk)
                    guard prefix.count >= MediaSniffer.formatPrefixLength else { continue }
                    switch classify(prefix) {
                    case .success(let found): type = found
                    case .failure(let rejection): return result(.rejected, .attachmentRejected, "rejected: \(rejection.reason)")
                    }
                    written = try write(prefix, to: handle, written: written, limit: limit(type!.kind))
                } else {
                    written = try write(chunk, to: handle, written: written, limit: limit(type!.kind))
                }
            }
            try Task.checkCancellation()
            if type == nil, !prefix.isEmpty {
                switch classify(prefix) {
                case .success(let found): type = found
                case .failure(let rejection): return result(.rejected, .attachmentRejected, "rejected: \(rejection.reason)")
                }
                written = try write(prefix, to: handle, written: written, limit: limit(type!.kind))
            }
            guard let type else { return result(.rejected, .attachmentRejected, "rejected: the body is empty") }
            let file = directory.appendingPathComponent("attachment-\(index + 1).\(type.fileExtension)")
            try? FileManager.default.removeItem(at: file)  // a leftover from an earlier run, if any
            try FileManager.default.moveItem(at: partial, to: file)
            keep = true
            return (
                AttachmentResult(source: attachment, status: .downloaded, file: file, format: type, byteCount: written),
                [Decision(.attachmentDownloaded, "\(label) downloaded: \(written) bytes of \(type.rawValue)")]
            )
        } catch let overflow as CapExceeded {
            return result(.rejected, .attachmentRejected, "rejected: more than the \(overflow.limit)-byte limit for its kind (stopped reading there)")
        } catch is CancellationError {
            return result(.timedOut, .attachmentTimedOut, "cancelled before it finished; the partial file was removed")
        } catch {
            return result(.failed, .attachmentFailed, "failed while reading: \(error)")
        }
    }

    private struct CapExceeded: Error {
        let limit: Int
    }

    private func limit(_ kind: Message.Attachment.Kind) -> Int {
        configuration.attachmentByteLimits[kind] ?? EnrichmentConfiguration.appleAttachmentLimits[.unknown]!
    }

    private func write(_ data: Data, to handle: FileHandle, written: Int, limit: Int) throws -> Int {
        guard written + data.count <= limit else { throw CapExceeded(limit: limit) }
        try handle.write(contentsOf: data)
        return written + data.count
    }

    /// The attachment's format, from its bytes alone. A type the payload declares, the
    /// server's `Content-Type` or the URL's extension never turns bytes the sniffer does not
    /// know into media: a text file declared `image/jpeg` stays text, and is refused.
    private func classify(_ prefix: Data) -> Result<MediaFormat, Rejection> {
        if let format = MediaSniffer.format(of: prefix) {
            return .success(format)
        }
        if let what = MediaSniffer.describeNonMedia(prefix) {
            return .failure(Rejection("it is \(what), not media"))
        }
        return .failure(Rejection("its bytes are no format iOS attaches (PNG, JPEG, GIF, WebP, HEIC, MP3, M4A, WAV, AIFF, MP4, QuickTime, MPEG, AVI); Herald goes by the bytes, whatever type the payload, Content-Type or URL names"))
    }

    struct Rejection: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
