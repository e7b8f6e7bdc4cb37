import Foundation

/// The stand-in's model of the checks in `UNNotificationAttachment(identifier:url:options:)`.
///
/// Documented (reference, "Attachment types and limits", from Apple's UNNotificationAttachment
/// page): audio (AIFF, WAV, MP3, MPEG-4 audio) 5 MB; image (JPEG, GIF, PNG) 10 MB; movie (MPEG,
/// MPEG-2, MPEG-4, AVI) 50 MB; the file must be on disk; the type hint (a UTI) wins over the
/// extension.
/// Model, UNVERIFIED:
/// - which error code each failure gets (100 for a URL that is not a readable regular file, 101
///   for an unknown type, 102 for a size out of range);
/// - "MB" read as 1,000,000 bytes (the stricter reading; HeraldEnrichment's limits read it so);
/// - an empty file is rejected with 102;
/// - only the documented types are accepted: HEIC, WebP and QuickTime are refused, though
///   recent iOS versions may accept them;
/// - the type comes from the hint or the extension only; the file's bytes are not sniffed.
enum AttachmentValidation {
    enum Kind {
        case image, audio, movie

        /// Bytes; from the reference's limits.
        var byteLimit: Int {
            switch self {
            case .image: 10_000_000
            case .audio: 5_000_000
            case .movie: 50_000_000
            }
        }
    }

    struct FileType {
        var uniformTypeIdentifier: String
        var kind: Kind
    }

    /// UTIs of the documented formats.
    static let typesByIdentifier: [String: Kind] = [
        "public.jpeg": .image, "com.compuserve.gif": .image, "public.png": .image,
        "public.aiff-audio": .audio, "public.aifc-audio": .audio,
        "com.microsoft.waveform-audio": .audio, "public.mp3": .audio,
        "public.mpeg-4-audio": .audio, "com.apple.m4a-audio": .audio,
        "public.mpeg": .movie, "public.mpeg-2-video": .movie, "public.mpeg-4": .movie,
        "public.avi": .movie,
    ]

    /// Extensions of the documented formats and the UTI each names.
    static let identifiersByExtension: [String: String] = [
        "jpg": "public.jpeg", "jpeg": "public.jpeg", "gif": "com.compuserve.gif", "png": "public.png",
        "aif": "public.aiff-audio", "aiff": "public.aiff-audio", "aifc": "public.aifc-audio",
        "wav": "com.microsoft.waveform-audio", "mp3": "public.mp3", "m4a": "com.apple.m4a-audio",
        "mpg": "public.mpeg", "mpeg": "public.mpeg", "m2v": "public.mpeg-2-video",
        "mp4": "public.mpeg-4", "avi": "public.avi",
    ]

    /// The file's type, once the file passes every check.
    static func validate(fileURL: URL, options: [AnyHashable: Any]) throws(UNError) -> FileType {
        guard fileURL.isFileURL else { throw UNError(.attachmentInvalidURL) }
        let path = fileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else { throw UNError(.attachmentInvalidURL) }

        let type = try fileType(of: fileURL, options: options)

        // Model: a size that cannot be read counts as 0, which the next line refuses as invalid.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0, size <= type.kind.byteLimit else { throw UNError(.attachmentInvalidFileSize) }
        return type
    }

    static func fileType(of fileURL: URL, options: [AnyHashable: Any]) throws(UNError) -> FileType {
        if let hint = options[UNNotificationAttachmentOptionsTypeHintKey] {
            guard let identifier = hint as? String, let kind = typesByIdentifier[identifier] else {
                throw UNError(.attachmentUnrecognizedType)
            }
            return FileType(uniformTypeIdentifier: identifier, kind: kind)
        }
        guard let identifier = identifiersByExtension[fileURL.pathExtension.lowercased()],
            let kind = typesByIdentifier[identifier]
        else { throw UNError(.attachmentUnrecognizedType) }
        return FileType(uniformTypeIdentifier: identifier, kind: kind)
    }
}
