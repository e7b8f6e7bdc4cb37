import Foundation

/// What became of the sender's avatar.
public struct AvatarResult: Hashable, Sendable {
    /// How the download ended.
    public var status: FetchStatus
    /// The image bytes, as downloaded, when ``status`` is downloaded or cached.
    public var data: Data?
    /// Format and size read from the header.
    public var info: ImageInfo?
    /// Whether the image is larger than the display needs, so the adapter must downsample it
    /// (with ImageIO on the phone) before it reaches `INImage(imageData:)`.
    public var needsDownsampling: Bool

    /// - Parameters: see the properties.
    public init(status: FetchStatus, data: Data? = nil, info: ImageInfo? = nil, needsDownsampling: Bool = false) {
        self.status = status
        self.data = data
        self.info = info
        self.needsDownsampling = needsDownsampling
    }
}
