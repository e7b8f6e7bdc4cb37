import Foundation
import HeraldCore

/// Where a media URL may be fetched from under a configuration, or why it may not.
enum MediaLocation: Sendable {
    case remote(URL)
    /// A file to read, which must stay inside `root` once links resolve.
    case localFile(URL, root: URL)
    case refused(String)

    /// Applies the safety rules: https by default, http only when allowed, files and relative
    /// paths only inside a local base (the CLI preview's payload folder), never on the phone:
    /// the extension reads no `file:` URL at all, so a payload cannot make it attach a file
    /// from its own container or the app group's.
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
                self = .refused("\(url.absoluteString) is a local path, which the phone never reads; only `herald preview` reads one, from the folder of a payload file (not of a payload on standard input)")
                return
            }
            if local.isFileURL, let host = local.host, !host.isEmpty, host.lowercased() != "localhost" {
                self = .refused("\(url.absoluteString) names the host \(host); a file: URL a preview reads names no host")
                return
            }
            // "/media/a.jpg" in a payload is relative to the sender's server, so it is read
            // relative to the preview's base directory, never from the file-system root.
            let file = local.isFileURL
                ? local.standardizedFileURL
                : base.appendingPathComponent(String(local.relativePath.drop { $0 == "/" })).standardizedFileURL
            let folder = base.standardizedFileURL.path
            guard file.path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
                self = .refused("\(url.absoluteString) leads to \(file.path), outside the payload file's folder \(folder); a preview reads local media only from there")
                return
            }
            // The folder is checked again once links resolve, when the file is opened.
            self = .localFile(file, root: base)
        case .rejected(let reason):
            self = .refused(reason)
        }
    }
}
