import Foundation
import HeraldAPNs

/// The device tokens of `herald send apns` as given: the `--token` values, then the lines of
/// `--tokens-file`, read 64 KiB at a time as the sender asks for them, so that a file of a
/// million tokens is never held whole. Blank lines and `#` comments are skipped; spaces, tabs
/// and a carriage return around a token are trimmed.
struct TokenList: Sendable {
    /// The `--token` values.
    let flags: [String]
    /// The `--tokens-file` argument: a path, or `-` for standard input.
    let file: String?

    /// Opens the file, so that one that cannot be read is a usage error before anything is sent.
    ///
    /// - Throws: ``CLIError`` when the file is missing, a directory, or unreadable.
    func checkReadable() throws(CLIError) {
        guard let file, file != "-" else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { throw .usage("\(file): no such file") }
        guard !isDirectory.boolValue else { throw .usage("\(file): is a directory, not a tokens file") }
        guard FileHandle(forReadingAtPath: file) != nil else { throw .usage("\(file): cannot be read") }
    }

    /// Reads every token once before anything is sent and refuses the send when some are not
    /// APNs device tokens, naming their kind and lines. Standard input cannot be read twice, so
    /// its tokens are judged as they are sent instead (``SendPlan``).
    ///
    /// - Throws: ``CLIError`` (status 2) saying how many are which kind, and where.
    func checkKinds() throws(CLIError) {
        guard file != "-" else { return }
        var found: [ForeignToken: (count: Int, places: [Place])] = [:]
        var total = 0
        var reader = makeReader()
        // Each token's bytes are judged as they lie in the buffer: a String is made only of one
        // that is not a device token.
        while let (place, kind) = reader.next({ place, bytes in (place, DeviceToken.isToken(utf8: bytes) ? nil : ForeignToken(String(decoding: bytes, as: UTF8.self))) }) {
            total += 1
            guard let kind else { continue }
            found[kind, default: (0, [])].count += 1
            if found[kind]!.places.count < 3 { found[kind]!.places.append(place) }
        }
        guard !found.isEmpty else { return }
        let bad = found.values.map(\.count).reduce(0, +)
        var lines = ["\(bad) of \(total) tokens \(bad == 1 ? "is not an APNs device token" : "are not APNs device tokens"), so nothing was sent:"]
        for kind in ForeignToken.allCases {
            guard let entry = found[kind] else { continue }
            let more = entry.count > entry.places.count ? " (and \(entry.count - entry.places.count) more)" : ""
            let lineNumbers = entry.places.compactMap(\.lineNumber)
            let places = lineNumbers.count == entry.places.count && lineNumbers.count > 1
                ? "lines " + lineNumbers.map(String.init).joined(separator: ", ") : entry.places.map(\.description).joined(separator: ", ")
            lines.append("  \(places)\(more): \(kind.name); \(kind.advice)")
        }
        lines.append("Remove or replace those, then send again.")
        throw .usage(lines.joined(separator: "\n"))
    }

    /// Where a token was given.
    enum Place: CustomStringConvertible {
        /// The nth `--token`, from 1.
        case flag(Int)
        /// A line of the file, from 1.
        case line(Int)

        /// `--token 2` or `line 14`.
        var description: String {
            switch self {
            case .flag(let number): "--token \(number)"
            case .line(let number): "line \(number)"
            }
        }

        var lineNumber: Int? {
            guard case .line(let number) = self else { return nil }
            return number
        }
    }

    /// A reader from the first token on.
    func makeReader() -> Reader {
        let handle: FileHandle? = switch file {
        case nil: nil
        case "-": FileHandle.standardInput
        case let path?: FileHandle(forReadingAtPath: path)  // checked by checkReadable(); gone since, it reads as empty
        }
        return Reader(flags: flags.makeIterator(), handle: handle)
    }

    /// Reads the tokens in turn; see ``next(_:)``.
    struct Reader {
        private var flags: IndexingIterator<[String]>
        private let handle: FileHandle?
        private var buffer: [UInt8] = []
        private var position = 0
        private var atEnd = false

        fileprivate init(flags: IndexingIterator<[String]>, handle: FileHandle?) {
            self.flags = flags
            self.handle = handle
            atEnd = handle == nil
        }

        private var flagCount = 0
        private var line = 0

        /// Reads the next token: `read` gets where it was given and its text's UTF-8 bytes, valid
        /// only during the call, so that a caller can judge a token without making a `String`.
        ///
        /// - Returns: what `read` returned, or `nil` when there are no more tokens.
        mutating func next<Value>(_ read: (Place, UnsafeBufferPointer<UInt8>) -> Value) -> Value? {
            if var flag = flags.next() {
                flagCount += 1
                return flag.withUTF8 { read(.flag(flagCount), $0) }
            }
            while true {
                if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                    defer { position = newline + 1 }
                    line += 1
                    if let token = Self.token(in: position..<newline, of: buffer) {
                        return buffer.withUnsafeBufferPointer { read(.line(line), UnsafeBufferPointer(rebasing: $0[token])) }
                    }
                    continue
                }
                guard !atEnd, let handle else {
                    // The last line, without a newline.
                    defer { position = buffer.count }
                    guard position < buffer.count else { return nil }
                    line += 1
                    guard let token = Self.token(in: position..<buffer.count, of: buffer) else { return nil }
                    return buffer.withUnsafeBufferPointer { read(.line(line), UnsafeBufferPointer(rebasing: $0[token])) }
                }
                buffer.removeFirst(position)
                position = 0
                let chunk = handle.readData(ofLength: 64 * 1024)
                if chunk.isEmpty { atEnd = true }
                buffer.append(contentsOf: chunk)
            }
        }

        /// The line's token, trimmed, as a range of `buffer`; `nil` for a blank line or a comment.
        private static func token(in line: Range<Int>, of buffer: [UInt8]) -> Range<Int>? {
            let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            let text = buffer[line]
            guard let first = text.firstIndex(where: { !isBlank($0) }), text[first] != UInt8(ascii: "#"),
                let last = text.lastIndex(where: { !isBlank($0) })
            else { return nil }
            return first..<last + 1
        }
    }
}
