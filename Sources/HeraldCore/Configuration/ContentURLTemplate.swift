import Foundation

/// The rule for a content or acknowledgement URL template (`ContentURL`,
/// `ContentAcknowledgementURL`): an absolute https URL once its placeholders are filled in, the
/// placeholders in its path or query, and plain http only to a loopback address.
/// The extension, `herald doctor` and `herald preview --content-server` check with it.
public enum ContentURLTemplate {
    /// The placeholders a template may hold, filled in from the push's ids.
    public static let placeholders = ["{message_id}", "{conversation_id}"]

    /// The template with every placeholder filled with `x`: what its scheme and host are.
    public static func sample(_ template: String) -> URL? {
        sample(template, filling: "x")
    }

    private static func sample(_ template: String, filling value: String) -> URL? {
        URL(string: placeholders.reduce(template) { $0.replacingOccurrences(of: $1, with: value) })
    }

    /// Why `id` cannot fill a placeholder, or `nil` when it can: the extension puts no empty id,
    /// no id of only dots (a path's `.` or `..`) and none over 256 characters into a URL. Lint
    /// judges a push's ids with the same rule.
    public static func problem(withID id: String) -> String? {
        if id.isEmpty { return "empty" }
        if id.count > 256 { return "over 256 characters" }
        if id.allSatisfy({ $0 == "." }) { return "only dots" }
        return nil
    }

    /// What is wrong with `template`, or `nil` when it is usable.
    ///
    /// - Parameters:
    ///   - template: the URL template.
    ///   - allowHTTP: whether plain http is allowed (a loopback server during development).
    ///   - needsPlaceholder: whether the template must hold a placeholder (a content URL without
    ///     one fetches the same URL for every push); an acknowledgement's body carries the ids.
    public static func problem(with template: String, allowHTTP: Bool, needsPlaceholder: Bool = false) -> String? {
        guard let url = sample(template), let scheme = url.scheme?.lowercased(), url.host != nil, ["http", "https"].contains(scheme) else {
            return "\"\(template)\" is no absolute http(s) URL"
        }
        if let unknown = unknownPlaceholder(in: template) {
            return "\"\(template)\" holds \(unknown), which is no placeholder; the placeholders are \(placeholders.joined(separator: " and "))"
        }
        if needsPlaceholder, !placeholders.contains(where: template.contains) {
            return "\"\(template)\" holds neither \(placeholders.joined(separator: " nor ")), so every push would fetch the same URL"
        }
        // A placeholder in the scheme, host or port would let a push's id choose the server the
        // token goes to: the two samples must name the same one.
        let other = sample(template, filling: "y")
        if other?.scheme != url.scheme || other?.host != url.host || other?.port != url.port {
            return "\"\(template)\" has a placeholder before its path, so a push's id would choose the server: put the ids in the path or the query"
        }
        if scheme == "http" {
            guard allowHTTP else { return "\"\(template)\" uses plain http; use https (plain http is for a server on loopback, where it is allowed)" }
            // The token would cross the network in cleartext.
            guard url.hasLoopbackHost else {
                return "\"\(template)\" uses plain http to \(url.host ?? "another host"), which would carry the token in cleartext; use https (plain http only to a loopback address: localhost, 127.0.0.1, ::1)"
            }
        }
        return nil
    }

    /// The first `{…}` in `template` that is not one of ``placeholders``: a misspelling such as
    /// `{msg_id}`, which would otherwise be sent as it is.
    private static func unknownPlaceholder(in template: String) -> String? {
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return String(rest[open...]) }
            let candidate = String(rest[open...close])
            if !placeholders.contains(candidate) { return candidate }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }
}
