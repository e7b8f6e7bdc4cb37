import Foundation
import HeraldEnrichment

/// How the app looks in a notification: its icon and its name.
struct AppLook: Hashable {
    /// The icon's image; `nil` draws a placeholder with the name's first letter.
    var icon: EmbeddedImage?
    var name: String

    /// The name iOS would show, when none is given.
    static let placeholderName = "Your App"

    /// The largest icon file read.
    static let maximumIconBytes = 5 << 20

    /// Reads `--app-icon` and `--app-name`.
    ///
    /// - Throws: ``CLIError`` (status 2) for an icon file that cannot be read, is too large, or
    ///   is not a PNG, JPEG, GIF or WebP image.
    init(iconFile: String?, name: String?) throws(CLIError) {
        self.name = name.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 } ?? Self.placeholderName
        guard let iconFile else {
            icon = nil
            return
        }
        let data = try PayloadSource(argument: iconFile).read()
        guard data.count <= Self.maximumIconBytes else {
            throw .usage("\(iconFile): \(data.count) bytes; an app icon over \(Self.maximumIconBytes >> 20) MB is not read")
        }
        guard let format = MediaSniffer.format(of: data), let image = EmbeddedImage(data: data, format: format) else {
            throw .usage("\(iconFile): not a PNG, JPEG, GIF or WebP image (export the app icon as PNG, such as the 1024 × 1024 one in the asset catalog)")
        }
        let info: ImageInfo
        do {
            info = try MediaSniffer.imageInfo(of: data)
        } catch {
            throw .usage("\(iconFile): a damaged \(format) image (\(error.message)); export the app icon again")
        }
        guard info.width > 0, info.height > 0 else {
            throw .usage("\(iconFile): a damaged \(format) image (no width or height); export the app icon again")
        }
        icon = image
    }
}
