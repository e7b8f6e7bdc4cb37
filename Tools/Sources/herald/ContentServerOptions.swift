import ArgumentParser
import Foundation
import HeraldCore
import HeraldEnrichment

/// `--content-server`: fetch a push's message from the app's server when the push carries only
/// its ids, as the extension does with its `ContentURL`, for `herald preview` and
/// `herald playground`.
struct ContentServerOptions: ParsableArguments {
    /// The environment variable a token may come from instead of a file.
    static let tokenVariable = "HERALD_CONTENT_TOKEN"

    @Option(
        name: .customLong("content-server"),
        help: ArgumentHelp(
            "Fetch the message of a push that carries only ids (fetch_content) from this URL, as the extension does with its ContentURL: {message_id} and {conversation_id} are filled in from the push. https, or http with --allow-http (loopback).",
            valueName: "url-template"))
    var contentServer: String?

    @Option(
        name: .customLong("content-token-file"),
        help: ArgumentHelp(
            "The bearer token sent with --content-server, read from this file (else from HERALD_CONTENT_TOKEN; a token on the command line would show in the process list).",
            valueName: "file"))
    var contentTokenFile: String?

    @Option(
        name: .customLong("content-fallback-text"),
        help: ArgumentHelp("The text shown when the content cannot be fetched, as the extension's ContentFallbackText (default: the push's own text).", valueName: "text"))
    var contentFallbackText: String?

    @Option(
        name: .customLong("content-timeout"),
        help: ArgumentHelp("Seconds the fetch may take (above 0, at most 29), as the extension's ContentTimeout (default 10).", valueName: "seconds"))
    var contentTimeout: Double?

    func validate() throws {
        if let contentTimeout { try SecondsOption.check(contentTimeout, flag: "--content-timeout", maximum: 29) }
        guard contentServer == nil else { return }
        if contentTokenFile != nil || contentFallbackText != nil || contentTimeout != nil {
            throw ValidationError("--content-token-file, --content-fallback-text and --content-timeout go with --content-server")
        }
    }

    /// The content source these options name; `nil` without `--content-server`.
    ///
    /// - Parameters:
    ///   - allowHTTP: whether plain http URLs are allowed (`--allow-http`).
    ///   - acknowledgement: preview's `--content-ack`; the playground, which fetches again at
    ///     every redraw, sends none.
    /// - Throws: ``CLIError`` (status 2) for a template that cannot work, or a token file that
    ///   cannot be read.
    func source(allowHTTP: Bool, acknowledgement: String? = nil) throws(CLIError) -> ContentSource? {
        guard let contentServer else { return nil }
        for (flag, template) in [("--content-server", contentServer), ("--content-ack", acknowledgement)] {
            guard let template else { continue }
            if let problem = ContentURLTemplate.problem(with: template, allowHTTP: allowHTTP, needsPlaceholder: flag == "--content-server") {
                let isHTTP = ContentURLTemplate.sample(template)?.scheme?.lowercased() == "http"
                throw .usage("\(flag): \(problem)\(isHTTP && !allowHTTP ? " (--allow-http allows a server on loopback)" : "")")
            }
        }
        var source = ContentSource(
            urlTemplate: contentServer, acknowledgementTemplate: acknowledgement, tokenProvider: try token().map(FixedContentToken.init),
            fallbackText: contentFallbackText)
        if let contentTimeout { source.timeout = .seconds(contentTimeout) }
        return source
    }

    /// The token from --content-token-file (its one line, without surrounding spaces), else from
    /// HERALD_CONTENT_TOKEN, else none.
    private func token() throws(CLIError) -> String? {
        guard let contentTokenFile else {
            return ProcessInfo.processInfo.environment[Self.tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: contentTokenFile))
        } catch {
            throw .usage("--content-token-file \(contentTokenFile): cannot be read (\(error.localizedDescription))")
        }
        // A token is a line; a larger file is not one.
        let text = String(decoding: data.prefix(65_536), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard lines.count == 1, let token = lines.first, data.count <= 65_536 else {
            throw .usage("--content-token-file \(contentTokenFile): holds no token (a token is one line; the file is empty, has several lines, or is over 64 KB)")
        }
        return token
    }
}
