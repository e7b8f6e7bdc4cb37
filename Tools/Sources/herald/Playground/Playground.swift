import Foundation
import HeraldCore
import HeraldEnrichment
import NIOHTTP1

/// What `herald playground` answers: the editor page, its script, and a preview of each
/// payload the page posts, under rules that keep other web pages out.
///
/// The rules: every path starts with the run's token (``PlaygroundToken``), which only the
/// person who started it was shown, so no other local user or program can use it; a request
/// must be addressed to the playground by its own address (`Host`), so
/// a page on another site cannot reach it even through DNS rebinding; a request a browser
/// sends from another page (`Origin`, `Sec-Fetch-Site`) is refused; a preview must be posted
/// as JSON, which a browser sends across sites only after asking, and the playground never
/// allows it. Nothing is read from the disk: the payload comes in the request, and media only
/// from the network, with `--allow-fetch`.
struct Playground: Sendable {
    /// What every preview is made with.
    struct Settings: Sendable {
        /// The --layout-file layout, offered in the page's menu beside the built-in ones.
        var layoutFile: Layout?
        var language: String
        var allowFetch: Bool
        /// Plain http media URLs too (loopback testing); the phone refuses them by default.
        var allowHTTP: Bool
        var keyProvider: (any KeyProvider)?
        /// Where a push that carries only ids has its message fetched (`--content-server`).
        var contentSource: ContentSource?
        var app: AppLook
        /// Where downloaded attachments are written: the playground's own temporary directory.
        var attachmentDirectory: URL
    }

    let port: Int
    /// The secret every path starts with.
    let token: PlaygroundToken
    let settings: Settings
    let fetcher: any Fetcher
    /// Where each refused request is reported.
    let refusals: @Sendable (String) -> Void
    /// The page, with the first payload in its editor.
    private let page: Data

    /// The largest request body read.
    static let maximumBodyBytes = 1 << 20

    /// - Parameters:
    ///   - port: the port it listens on, for the address rule.
    ///   - token: the secret every path starts with; a new random one by default.
    ///   - payload: the editor's text when the page opens.
    ///   - payloadName: where that text came from, shown above the editor.
    ///   - examples: the payloads of the page's Example menu, `payload` first; none for no menu.
    ///   - layout: the layout chosen in the page's menu when it opens; `nil` detects.
    ///   - refusals: told why, for each request refused by the rules above.
    init(
        port: Int, token: PlaygroundToken = PlaygroundToken(), settings: Settings, fetcher: any Fetcher, payload: String, payloadName: String,
        examples: [PlaygroundPage.Example] = [], layout: String?, refusals: @escaping @Sendable (String) -> Void
    ) {
        self.port = port
        self.token = token
        self.settings = settings
        self.fetcher = fetcher
        self.refusals = refusals
        page = Data(PlaygroundPage(payload: payload, payloadName: payloadName, examples: examples, layouts: Self.layoutChoices(settings),
            selectedLayout: layout ?? "", language: settings.language, base: "/\(token.text)/").html.utf8)
    }

    /// The page's layout choices: detect, each built-in, and the --layout-file one.
    private static func layoutChoices(_ settings: Settings) -> [String] {
        [""] + Layout.builtIn.map(\.name) + (settings.layoutFile.map { [$0.name] } ?? [])
    }

    /// `127.0.0.1:PORT` and `localhost:PORT`: the addresses a request may be addressed to (on
    /// port 80, which browsers leave out, the bare names too).
    var hosts: Set<String> {
        let names = ["127.0.0.1", "localhost"]
        return Set(names.map { "\($0):\(port)" } + (port == 80 ? names : []))
    }

    /// The address to open: `http://127.0.0.1:PORT/TOKEN/`.
    var address: String { "http://127.0.0.1:\(port)/\(token.text)/" }

    /// Whether the request's path starts with the token.
    func carriesToken(_ request: PlaygroundRequest) -> Bool {
        token.route(request.path) != nil
    }

    func respond(to request: PlaygroundRequest) async -> PlaygroundResponse {
        // Refused without a line on standard error: whoever lacks the token is told why, and
        // cannot fill the terminal with lines.
        guard let path = token.route(request.path) else {
            return .text(.forbidden, "Refused: the address lacks the playground's token. Open the address herald playground printed when it started, http://127.0.0.1:\(port)/<token>/.\n")
        }
        // From here on, the path as routed: without the token.
        var request = request
        request.path = path
        if let reason = refusal(of: request) {
            refusals("refused \(request.method) \(path): \(reason)")
            return .text(.forbidden, "Refused: \(reason).\n")
        }
        // HEAD is GET without the body (the server leaves it out).
        switch (request.method == .HEAD ? .GET : request.method, path) {
        case (.GET, "/"):
            return PlaygroundResponse(
                status: .ok, contentType: "text/html; charset=utf-8", body: page,
                headers: [("Content-Security-Policy", PlaygroundPage.contentSecurityPolicy)])
        case (.GET, "/playground.js"):
            return PlaygroundResponse(status: .ok, contentType: "text/javascript; charset=utf-8", body: Data(PlaygroundPage.script.utf8))
        case (.POST, "/preview"):
            return await preview(request)
        case (_, "/"), (_, "/playground.js"):
            return .text(.methodNotAllowed, "\(path) answers GET only.\n", headers: [("Allow", "GET, HEAD")])
        case (_, "/preview"):
            return .text(.methodNotAllowed, "/preview answers POST only.\n", headers: [("Allow", "POST")])
        default:
            return .text(.notFound, "\(path): not found; the playground is at \(address)\n")
        }
    }

    /// Why a request is refused before it is routed; `nil` when it is the playground's own.
    func refusal(of request: PlaygroundRequest) -> String? {
        let host = request.headers["host"]
        guard host.count == 1, hosts.contains(host[0].lowercased()) else {
            // Text from the request is quoted as JSON, so it cannot forge a line of the log.
            let named = host.isEmpty ? "no Host" : "Host " + host.map { JSONValue.string($0).jsonText() }.joined(separator: ", ")
            return "addressed to \(named); this playground answers only to http://127.0.0.1:\(port) and http://localhost:\(port) (against DNS rebinding)"
        }
        for origin in request.headers["origin"] where !hosts.map({ "http://\($0)" }).contains(origin.lowercased()) {
            return "sent from \(JSONValue.string(origin).jsonText()); only the playground's own page may use it"
        }
        if request.headers["sec-fetch-site"].contains("cross-site"), request.method != .GET || request.path != "/" {
            return "sent from another site; only the playground's own page may use it"
        }
        return nil
    }

    /// `POST /preview` with `{"payload": text, "layout": name, "language": code}`: the
    /// picture, the device payload, the APNs headers, the `herald send` command, the lint
    /// findings and the decisions; for text that gives no payload, `{"error"}`.
    private func preview(_ request: PlaygroundRequest) async -> PlaygroundResponse {
        guard request.headers["content-type"].first?.lowercased().hasPrefix("application/json") == true else {
            return .text(.unsupportedMediaType, "Post the preview request as application/json.\n")
        }
        let input: PlaygroundPreviewRequest
        do {
            input = try PlaygroundPreviewRequest(request.body, settings: settings)
        } catch {
            return .json(.badRequest, ["error": ["message": .string(error.message)]])
        }
        let device: DevicePayload
        do {
            device = try DevicePayload(data: Data(input.payload.utf8), language: input.language)
        } catch {
            var detail: [String: JSONValue] = ["rule": .string(error.finding.rule.id), "message": .string(error.finding.message)]
            if case .invalidJSON(let parseError) = error {
                detail["message"] = .string(parseError.detail)
                detail["line"] = .number(JSONNumber(parseError.line))
                detail["column"] = .number(JSONNumber(parseError.column))
            }
            // 200: the preview is made, and it is this error; a browser logs other statuses as failed loads.
            return .json(.ok, ["error": .object(detail)])
        }
        let configuration = EnrichmentConfiguration(
            layout: input.layout, fetchMedia: settings.allowFetch, allowHTTP: settings.allowHTTP, attachmentDirectory: settings.attachmentDirectory,
            contentSource: settings.contentSource)
        let report = await PreviewReport(previewing: device, configuration: configuration, fetcher: fetcher, keyProvider: settings.keyProvider)
        let page = report.page(payload: device.payload, name: "playground", app: settings.app)
        var summary = page.summary
        if !settings.allowFetch { summary += " · downloads off (start with --allow-fetch to draw avatars and attachments)" }
        let headers = device.conversion?.headers ?? [:]
        return .json(.ok, [
            "summary": .string(summary),
            "picture": .string(page.picture),
            "provider": device.conversion.map { .string($0.provider.description) } ?? .null,
            "devicePayload": .string(device.payload.json.jsonText(.pretty)),
            "headers": .object(headers.mapValues(JSONValue.string)),
            "sendCommand": .string(SendCommandLine(payload: device.payload.json, headers: headers).text),
            "lintSummary": .string(PreviewReport.summary(page.lint)),
            "lint": .array(page.lint.map(\.json)),
            "decisions": .array(page.decisions.map(\.json)),
        ])
    }
}
