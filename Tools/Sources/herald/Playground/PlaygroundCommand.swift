import ArgumentParser
import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending
import HeraldEnrichment

struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playground",
        abstract: "Edit a payload in your browser and watch the notification change as you type.",
        discussion: """
            Serves a page at http://127.0.0.1:PORT/TOKEN/, the address it prints: paste or edit a device payload, or the request \
            body your backend posts to OneSignal, FCM v1 or Expo, and the page draws the \
            notification as `herald preview --html` does (with Herald and without, light and \
            dark), with the device payload a request body becomes, the APNs headers, the \
            equivalent `herald send apns` command, the lint findings and every decision.

            Given a folder, the page's Example menu offers each .json file in it, by name, \
            the first in the editor: `herald playground Examples/HeraldChat/Payloads` offers the \
            sample app's direct message, group message, edit and delete.

            It listens on 127.0.0.1 only and answers only requests addressed to it by that \
            address and sent by its own page: another web site cannot use it, even through DNS \
            rebinding. TOKEN is 128 random bits, new each run, and every request without it is \
            refused (403), so no other user or program on this machine can use it either (to \
            decrypt with --decryption-keys, or to download with --allow-fetch). Request bodies \
            over 1 MB are refused; a request must arrive whole within 10 seconds, a connection \
            left idle closes after 60, and at most 64 connections may wait without the token. \
            It reads no file but those given here, and downloads avatars and attachments only \
            with --allow-fetch (https only, as the phone). Ctrl-C stops it.

            Exit status: 0 stopped by Ctrl-C (SIGINT) or SIGTERM, 2 usage errors, unreadable \
            files, or a port that cannot be listened on.
            """
    )

    @Argument(help: ArgumentHelp(
        "A payload or request body file to start the editor with; a folder, whose .json files the page offers in a menu (Examples/HeraldChat/Payloads holds the sample app's); or - for standard input (default: a sample group message).",
        valueName: "payload"))
    var payload: String?

    @Option(name: .long, help: ArgumentHelp("The port to listen on, on 127.0.0.1 (0 picks a free one).", valueName: "port"))
    var port = 8765

    @Flag(name: .customLong("allow-fetch"), help: "Download avatars and attachments, so the picture shows them (https only, as the phone).")
    var allowFetch = false

    @Flag(name: .customLong("allow-http"), help: "With --allow-fetch or --content-server, allow plain http URLs too (loopback testing); the phone refuses them by default.")
    var allowHTTP = false

    @OptionGroup(title: "LAYOUT (the page's menu can change it)") var layoutOptions: LayoutOptions

    @OptionGroup var requestOptions: RequestOptions

    @OptionGroup var decryptionOptions: DecryptionOptions

    @OptionGroup(title: "FETCHED CONTENT (a push that carries only ids)") var contentOptions: ContentServerOptions

    @OptionGroup var appLookOptions: AppLookOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is out of range (0 to 65535; 0 picks a free port)") }
        if allowHTTP, !allowFetch, contentOptions.contentServer == nil {
            throw ValidationError("--allow-http goes with --allow-fetch or --content-server: without them nothing is downloaded")
        }
    }

    func run() async throws {
        // Caught from before the ready line: a script may signal as soon as it reads it.
        let shutdown = ShutdownSignal()
        let fetcher = AsyncHTTPClientFetcher(allowHTTP: allowHTTP)
        var temporary: URL?
        do {
            let folder = try Self.temporaryFolder()
            temporary = folder
            let layout = try layoutOptions.resolve()
            let settings = Playground.Settings(
                layoutFile: layoutOptions.layoutFile == nil ? nil : layout, language: requestOptions.language, allowFetch: allowFetch, allowHTTP: allowHTTP,
                keyProvider: try decryptionOptions.keys(), contentSource: try contentOptions.source(allowHTTP: allowHTTP), app: try appLookOptions.resolve(),
                attachmentDirectory: folder.appendingPathComponent("attachments", isDirectory: true))
            let (text, name, examples) = try firstPayload()
            let server = try await PlaygroundServer.bind(host: "127.0.0.1", port: port)
            let playground = Playground(
                port: server.port, settings: settings, fetcher: fetcher, payload: text, payloadName: name, examples: examples, layout: layout?.name,
                refusals: { printError($0) })
            let serving = Task {
                await server.serve(maximumBodyBytes: Playground.maximumBodyBytes, proves: playground.carriesToken(_:), responder: playground.respond(to:))
            }
            // Written unbuffered: a script waiting for this line sees it at once.
            FileHandle.standardOutput.write(Data("herald playground: listening on \(playground.address) (open it in a browser; Ctrl-C stops)\n".utf8))
            await shutdown.wait()
            serving.cancel()
            await serving.value
        } catch {
            await fetcher.shutdown()
            Self.remove(temporary)
            error.exit()
        }
        await fetcher.shutdown()
        Self.remove(temporary)
        printError("playground stopped")
    }

    /// The playground's own temporary folder, for downloaded attachments (which may hold what a
    /// decrypted payload named): `herald-UID/playground-UUID` in the temporary directory, yours
    /// alone (0700, never through a link).
    private static func temporaryFolder() throws(CLIError) -> URL {
        do {
            return try PrivateDirectory.temporary("playground-\(UUID().uuidString)").url
        } catch {
            throw .usage("the playground's temporary folder: \(error.description)")
        }
    }

    private static func remove(_ temporary: URL?) {
        guard let temporary else { return }
        try? FileManager.default.removeItem(at: temporary)  // a leftover is harmless: it is yours alone
    }

    /// The editor's first text, where it came from, and the Example menu's payloads when the
    /// argument is a folder.
    private func firstPayload() throws(CLIError) -> (text: String, name: String, examples: [PlaygroundPage.Example]) {
        guard let payload else {
            do {
                return (try Self.sample().jsonText(.pretty), "a sample group message (built by herald send's payload builder)", [])
            } catch {
                throw .usage("the sample payload cannot be built: \(error.message)")
            }
        }
        var isDirectory: ObjCBool = false
        if payload != "-", FileManager.default.fileExists(atPath: payload, isDirectory: &isDirectory), isDirectory.boolValue {
            let examples = try Self.examples(in: payload)
            return (examples[0].text, examples[0].name, examples)
        }
        let source = PayloadSource(argument: payload)
        return (try Self.text(of: source), payload == "-" ? source.displayName : URL(fileURLWithPath: payload).lastPathComponent, [])
    }

    /// The most files the Example menu offers.
    static let maximumExamples = 50

    /// The `.json` files directly in `folder`, by name, each read as a payload file is; together
    /// at most ``Playground/maximumBodyBytes``, since the page carries them all.
    static func examples(in folder: String) throws(CLIError) -> [PlaygroundPage.Example] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .usage("\(folder): cannot be listed (\(error.localizedDescription))")
        }
        // Regular files only (through a link too): a FIFO named *.json would wait for a writer.
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0) }.filter {
            (try? FileManager.default.attributesOfItem(atPath: $0.resolvingSymlinksInPath().path))?[.type] as? FileAttributeType == .typeRegular
        }
        guard !files.isEmpty else { throw .usage("\(folder): no .json file in it") }
        guard files.count <= maximumExamples else {
            throw .usage("\(folder): \(files.count) .json files; the playground offers up to \(maximumExamples): give it a folder of fewer")
        }
        var examples: [PlaygroundPage.Example] = []
        var total = 0
        for file in files {
            let text = try text(of: PayloadSource(argument: file.path))
            total += text.utf8.count
            guard total <= Playground.maximumBodyBytes else {
                throw .usage("\(folder): its .json files hold over \(Playground.maximumBodyBytes) bytes; the playground offers up to that many: give it a folder of fewer")
            }
            examples.append(PlaygroundPage.Example(name: file.lastPathComponent, text: text))
        }
        return examples
    }

    /// A payload file's text, at most half of what a preview request may hold (the editor's
    /// text travels in one, as JSON).
    private static func text(of source: PayloadSource) throws(CLIError) -> String {
        let data = try source.read()
        guard data.count <= Playground.maximumBodyBytes / 2 else {
            throw .usage("\(source.displayName): \(data.count) bytes; the playground edits payloads up to \(Playground.maximumBodyBytes / 2) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .usage("\(source.displayName): not UTF-8 text") }
        return text
    }

    /// A group message, as `herald send apns` builds it.
    static func sample() throws(PayloadBuildError) -> JSONValue {
        let message = Message(
            sender: Person(identifier: "user-1842", displayName: "Maya Lindqvist", avatarURL: URL(string: "https://cdn.example.com/avatars/user-1842.jpg")),
            conversationIdentifier: "conv-8c2f1e", groupName: "Weekend climbing", recipients: ["user-2210", "user-3307"])
        return try PayloadBuilder().build(OutgoingMessage(message: message, text: "Rope is packed. Who's bringing the chalk?")).json
    }
}
