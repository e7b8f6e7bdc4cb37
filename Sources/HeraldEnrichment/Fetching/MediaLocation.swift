import Foundation
import HeraldCore

/// Where a media URL may be fetched from under a configuration, or why it may not.
enum MediaLocation: Sendable {
    case remote(URL)
    case localFile(URL)
    case refused(String)

    /// Applies the safety rules: https by default, http only when allowed, files and relative
    /// paths only with a local base (the CLI preview), never on the phone.
    init(_ url: URL, configuration: EnrichmentConfiguration) {
        switch MediaReference(url.absoluteString) {
        case .remote(let remote):
            if remote.scheme?.lowercased() == "http", !configuration.allowHTTP {
                self = .refused("\(remote.absoluteString) is plain http, which is refused unless http is allowed (Herald.AllowHTTP in the Info.plist; --allow-http in herald)")
            } else if let allowed = configuration.allowedHosts, !allowed.contains(remote.host?.lowercased() ?? "") {
                self = .refused("\(remote.host ?? "?") is not one of the allowed hosts")
            } else {
                self = .remote(remote)
            }
        case .local(let local):
            guard let base = configuration.localFileBase else {
                self = .refused("\(url.absoluteString) is a local path, which only `herald preview` reads (from the payload file's folder)")
                return
            }
            if local.isFileURL {
                self = .localFile(local)
            } else {
                // "/media/a.jpg" in a payload is relative to the sender's server, so it is read
                // relative to the preview's base directory, never from the file-system root.
                let path = local.relativePath.drop { $0 == "/" }
                self = .localFile(base.appendingPathComponent(String(path)).standardizedFileURL)
            }
        case .rejected(let reason):
            self = .refused(reason)
        }
    }
}
