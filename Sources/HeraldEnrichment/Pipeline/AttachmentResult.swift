import Foundation
import HeraldCore

/// What became of one attachment.
public struct AttachmentResult: Hashable, Sendable {
    /// The attachment as the payload named it.
    public var source: Message.Attachment
    /// How the download ended; ``file`` is set only when it is ``FetchStatus/downloaded``.
    public var status: FetchStatus
    /// The downloaded file, named by Herald and ending in the sniffed format's extension.
    public var file: URL?
    /// The format read from the file's first bytes.
    public var format: MediaFormat?
    /// Bytes written to ``file``.
    public var byteCount: Int

    /// - Parameters: see the properties.
    public init(source: Message.Attachment, status: FetchStatus, file: URL? = nil, format: MediaFormat? = nil, byteCount: Int = 0) {
        self.source = source
        self.status = status
        self.file = file
        self.format = format
        self.byteCount = byteCount
    }
}
