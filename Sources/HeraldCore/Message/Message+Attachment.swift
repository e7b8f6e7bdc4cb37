import Foundation

extension Message {
    /// A media file to download and attach to the notification.
    ///
    /// Nested in ``Message`` so it never collides with another module's `Attachment` (Swift
    /// Testing has one).
    public struct Attachment: Hashable, Sendable {
        /// What iOS can show: each kind has its own size limit and file types.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// `image`, `audio` and `movie` as iOS sorts attachments; `unknown` when neither the declared
            /// type nor the URL's extension names one (held to the image size limit).
            case image, audio, movie, unknown
        }

        /// Where to download it: absolute http(s), or a relative reference the payload gave (which
        /// only a preview with a base directory can resolve).
        public var url: URL
        /// What the file is, from the declared type or else the URL's extension. The download
        /// itself has the last word, by sniffing the bytes.
        public var kind: Kind
        /// The type the payload declared (`image/jpeg`, `jpg`, `mpeg4`), as written.
        public var declaredType: String?

        /// An attachment whose kind is given.
        public init(url: URL, kind: Kind, declaredType: String? = nil) {
            self.url = url
            self.kind = kind
            self.declaredType = declaredType
        }

        /// An attachment whose kind is read from `declaredType`, then from the URL's extension.
        public init(url: URL, declaredType: String? = nil) {
            self.init(url: url, kind: Attachment.kind(declaredType: declaredType, url: url), declaredType: declaredType)
        }

        /// The kind a declared type or file extension names, or `.unknown`.
        public static func kind(declaredType: String?, url: URL) -> Kind {
            if let declaredType, let kind = kind(naming: declaredType) {
                return kind
            }
            return kind(naming: url.pathExtension) ?? .unknown
        }

        /// Reads a MIME type (`image/jpeg`), a bare kind word (`image`, `video`) or a file
        /// extension (`jpg`, `mpeg4`, `waveformaudio`).
        static func kind(naming type: String) -> Kind? {
            let word = type.lowercased().trimmingCharacters(in: .whitespaces)
            if let slash = word.firstIndex(of: "/") {
                switch word[..<slash] {
                case "image": return .image
                case "audio": return .audio
                case "video": return .movie
                default: break
                }
                return kind(naming: String(word[word.index(after: slash)...]))
            }
            if imageTypes.contains(word) { return .image }
            if audioTypes.contains(word) { return .audio }
            if movieTypes.contains(word) { return .movie }
            return nil
        }

        private static let imageTypes: Set<String> = ["image", "picture", "photo", "jpg", "jpeg", "png", "gif", "webp", "heic", "heif"]
        private static let audioTypes: Set<String> = [
            "audio", "sound", "mp3", "mpeg3", "m4a", "aac", "wav", "wave", "waveformaudio", "x-wav", "aif", "aiff", "aifc",
        ]
        private static let movieTypes: Set<String> = [
            "video", "movie", "mp4", "mpeg4", "m4v", "mov", "quicktime", "mpg", "mpeg", "mpeg2", "avi",
        ]
    }
}
