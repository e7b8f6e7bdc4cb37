import Foundation

/// The rule for a content or acknowledgement URL template (`ContentURL`,
/// `ContentAcknowledgementURL`): an absolute http(s) URL once its placeholders are filled in.
/// The extension, `herald doctor` and `herald preview --content-server` check with it.
public enum ContentURLTemplate {
    /// The placeholders a template may hold, filled in from the push's ids.
    public static let placeholders = ["{message_id}", "{conversation_id}"]

    /// The template with every placeholder filled with `x`: what its scheme and host are.
    public static func sample(_ template: String) -> URL? {
        URL(string: placeholders.reduce(template) { $0.replacingOccurrences(of: $1, with: "x") })
    }

    /// What is wrong with `template`, or `nil` when it is usable.
    ///
    /// - Parameters:
    ///   - template: the URL template.
    ///   - allowHTTP: whether plain http is allowed (a loopback server during development).
    public static func problem(with template: String, allowHTTP: Bool) -> String? {
        guard let url = sample(template), let scheme = url.scheme?.lowercased(), url.host != nil, ["http", "https"].contains(scheme) else {
            return "\"\(template)\" is no absolute http(s) URL"
        }
        if scheme == "http", !allowHTTP {
            return "\"\(template)\" uses plain http; use https (or allow http for a loopback server)"
        }
        return nil
    }
}
