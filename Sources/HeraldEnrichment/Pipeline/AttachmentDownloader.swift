import Foundation
import HeraldCore

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
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                return result(.failed, .attachmentFailed, "failed: cannot create a file in \(directory.path)")
            }
            let handle = try FileHandle(forWritingTo: partial)
            defer { try? handle.close() }  // closing after the last write cannot lose data already written
            var prefix = Data()
            var type: (format: MediaFormat?, kind: Message.Attachment.Kind, fileExtension: String)?
            var written = 0
            for try await chunk in response.body {
                if type == nil {
                    prefix.append(chunk)
                    guard prefix.count >= MediaSniffer.formatPrefixLength else { continue }
                    switch classify(prefix, response: response, attachment: attachment) {
                    case .success(let found): type = found
                    case .failure(let rejection): return result(.rejected, .attachmentRejected, "rejected: \(rejection.reason)")
                    }
                    written = try write(prefix, to: handle, written: written, limit: limit(type!.kind))
                } else {
                    written = try write(chunk, to: handle, written: written, limit: limit(type!.kind))
                }
            }
            try Task.checkCancellation()
            if type == nil {
                switch classify(prefix, response: response, attachment: attachment) {
                case .success(let found): type = found
                case .failure(let rejection): return result(.rejected, .attachmentRejected, "rejected: \(rejection.reason)")
                }
                written = try write(prefix, to: handle, written: written, limit: limit(type!.kind))
            }
            guard written > 0, let type else { return result(.rejected, .attachmentRejected, "rejected: the body is empty") }
            let file = directory.appendingPathComponent("attachment-\(index + 1).\(type.fileExtension)")
            try? FileManager.default.removeItem(at: file)  // a leftover from an earlier run, if any
            try FileManager.default.moveItem(at: partial, to: file)
            keep = true
            return (
                AttachmentResult(source: attachment, status: .downloaded, file: file, format: type.format, byteCount: written),
                [Decision(.attachmentDownloaded, "\(label) downloaded: \(written) bytes of \(type.format?.rawValue ?? type.kind.rawValue)")]
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

    /// The attachment's type: sniffed bytes first, then `Content-Type`, then the URL's
    /// extension, then the payload's declared type.
    private func classify(
        _ prefix: Data, response: FetchResponse, attachment: Message.Attachment
    ) -> Result<(format: MediaFormat?, kind: Message.Attachment.Kind, fileExtension: String), Rejection> {
        if let format = MediaSniffer.format(of: prefix) {
            return .success((format, format.kind, format.fileExtension))
        }
        if let what = MediaSniffer.describeNonMedia(prefix) {
            return .failure(Rejection("the server sent \(what), not media"))
        }
        let candidates = [
            response.headers["content-type"].map { String($0.split(separator: ";")[0]) },
            attachment.url.pathExtension.isEmpty ? nil : attachment.url.pathExtension,
            attachment.declaredType,
        ]
        for candidate in candidates.compactMap({ $0 }) {
            let kind = Message.Attachment.kind(declaredType: candidate, url: attachment.url)
            if kind != .unknown, let fileExtension = AttachmentDownloader.fileExtension(naming: candidate, kind: kind) {
                return .success((nil, kind, fileExtension))
            }
        }
        return .failure(Rejection("its type cannot be told from the bytes, Content-Type or URL, and iOS refuses such files"))
    }

    struct Rejection: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A file extension for a MIME type or extension, such as `jpg` for `image/jpeg`.
    static func fileExtension(naming type: String, kind: Message.Attachment.Kind) -> String? {
        let word = type.lowercased().split(separator: "/").last.map(String.init) ?? ""
        let known: [String: String] = [
            "jpeg": "jpg", "jpg": "jpg", "pjpeg": "jpg", "png": "png", "gif": "gif", "mpeg": kind == .audio ? "mp3" : "mpg",
            "mp3": "mp3", "mpeg3": "mp3", "x-wav": "wav", "wav": "wav", "wave": "wav", "aiff": "aiff", "x-aiff": "aiff",
            "mp4": kind == .audio ? "m4a" : "mp4", "m4a": "m4a", "x-m4a": "m4a", "mpeg4": "mp4", "quicktime": "mov", "mov": "mov",
            "x-msvideo": "avi", "avi": "avi", "mpg": "mpg",
        ]
        return known[word]
    }
}
