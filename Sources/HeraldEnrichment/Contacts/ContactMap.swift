import Foundation
@_spi(HeraldTools) import HeraldCore

/// The app's map from senders' handles to the address-book contacts they belong to, in a file
/// the app writes into the app group and the extension reads: how a sender becomes a contact
/// that Focus can let through.
///
/// Only the app can match its users to the phone's contacts (it holds the Contacts
/// permission, and knows its users' numbers and addresses); the extension looks each sender up
/// here and gives iOS the contact's identifier (`INPerson.contactIdentifier`), which Apple
/// names as the surest way to match a sender to a contact.
///
/// Handles are compared as the map normalizes them: an email address trimmed and lower
/// cased, a phone number reduced to its digits and a leading `+`, an app id as it is. So the
/// app and the pushes must write a number in the same form: international (`+4915…`), as
/// Contacts itself matches best.
///
/// The file is one line per handle (`kind`, tab, handle, tab, contact identifier), written
/// whole and renamed into place (mode 0600), read without following a link, and at most
/// ``byteLimit`` long, so a lookup costs the extension a bounded read and no parsing of the
/// rest.
public struct ContactMap: Sendable {
    /// The file that holds the map.
    public let file: URL

    /// The longest map the extension reads: 4 MB, some 50,000 contacts. A longer file is
    /// refused whole (the sender is then named by their handle alone).
    public static let byteLimit = 4_000_000

    private static let header = "herald-contacts 1"

    /// - Parameter file: the file that holds the map; its folder must exist to write it.
    public init(file: URL) {
        self.file = file
    }

    /// The map in an app group's container, `Library/Application Support/Herald/contacts`,
    /// with its folders created (mode 0700) when missing.
    ///
    /// - Parameter container: the app group's container
    ///   (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    /// - Throws: when the folders cannot be made.
    public static func inContainer(_ container: URL) throws -> ContactMap {
        ContactMap(file: try AppGroupFolder.make(in: container).appendingPathComponent("contacts"))
    }

    /// The form a handle is compared in, as the file's line starts: `phone`, a tab and
    /// `+15551234567`; `email` and `maya@example.com`; `app` and `user-42`. `nil` for a handle
    /// that normalizes to nothing (a phone number without digits, a blank address) or holds a
    /// tab or a line break.
    static func key(for handle: Handle) -> String? {
        let value: String
        switch handle.kind {
        case .email:
            value = handle.value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        case .phone:
            let trimmed = handle.value.trimmingCharacters(in: .whitespacesAndNewlines)
            let digits = String(trimmed.unicodeScalars.filter { $0.isASCII && ("0"..."9").contains(Character($0)) }.map(Character.init))
            value = digits.isEmpty ? "" : (trimmed.hasPrefix("+") ? "+" : "") + digits
        case .app:
            value = handle.value
        }
        // A tab or a line break would make the search span lines: no such handle is in a map.
        guard !value.isEmpty, !value.contains(where: { $0 == "\t" || $0.isNewline }) else { return nil }
        return "\(handle.kind.rawValue)\t\(value)"
    }

    /// The contact identifier the app matched to the first of `handles` the map holds; `nil`
    /// when it holds none of them, or there is no map yet.
    ///
    /// The file is read once, as bytes, and searched without decoding the rest of it.
    ///
    /// - Throws: ``ContactMapError`` when the map exists but cannot be read: a link, not a
    ///   regular file, longer than ``byteLimit``, or not a map Herald wrote.
    public func contactIdentifier(forFirstOf handles: [Handle]) throws(ContactMapError) -> String? {
        let keys = handles.compactMap(Self.key(for:))
        guard !keys.isEmpty, let bytes = try read() else { return nil }
        for key in keys {
            // Every line ends in a line break and the header is the first: a line break, the
            // key and a tab start the one line for the key, if any.
            let wanted = Array("\n\(key)\t".utf8)
            guard let start = Self.firstIndex(of: wanted, in: bytes) else { continue }
            let rest = bytes[(start + wanted.count)...]
            let identifier = rest.prefix { $0 != UInt8(ascii: "\n") }
            if !identifier.isEmpty { return String(decoding: identifier, as: UTF8.self) }
        }
        return nil
    }

    /// Where `pattern` first starts in `bytes`.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = 0
        while let found = bytes[index...].firstIndex(of: first) {
            guard found + pattern.count <= bytes.count else { return nil }
            if bytes[found..<(found + pattern.count)].elementsEqual(pattern) { return found }
            index = found + 1
        }
        return nil
    }

    /// Replaces the whole map with `contacts`: what the app calls after matching its users to
    /// the phone's contacts, and again whenever either changes.
    ///
    /// - Parameter contacts: each handle's contact identifier
    ///   (`CNContact.identifier`). Two handles may name one contact.
    /// - Throws: ``ContactMapError`` when a handle normalizes to nothing or a value holds a
    ///   tab or a line break, when the map would pass ``byteLimit``, or when the file cannot
    ///   be written; the old map then stays.
    public func replace(with contacts: [Handle: String]) throws(ContactMapError) {
        var lines: [String] = []
        lines.reserveCapacity(contacts.count)
        var seen: [String: String] = [:]
        for (handle, identifier) in contacts {
            let fields = [handle.value, identifier]
            guard fields.allSatisfy({ !$0.contains(where: { $0 == "\t" || $0.isNewline }) }), !identifier.isEmpty else {
                throw ContactMapError(file.path, "cannot hold the \(handle.kind.rawValue) handle \"\(handle.value)\": a handle or contact identifier is empty or holds a tab or a line break")
            }
            guard let key = Self.key(for: handle) else {
                throw ContactMapError(file.path, "cannot hold the \(handle.kind.rawValue) handle \"\(handle.value)\": it has nothing to match by")
            }
            if let other = seen[key], other != identifier {
                throw ContactMapError(file.path, "cannot hold two contacts (\(other), \(identifier)) for one \(handle.kind.rawValue) handle, \"\(handle.value)\"")
            }
            seen[key] = identifier
        }
        for (key, identifier) in seen.sorted(by: { $0.key < $1.key }) {
            lines.append(key + "\t" + identifier)
        }
        let data = Data(([Self.header] + lines).joined(separator: "\n").appending("\n").utf8)
        guard data.count <= Self.byteLimit else {
            throw ContactMapError(file.path, "would be \(data.count) bytes, past the \(Self.byteLimit) the extension reads; map fewer handles")
        }
        do {
            try PrivateFile.replace(file, with: data)
        } catch {
            throw ContactMapError(file.path, "cannot be written: \(error)")
        }
    }

    /// The file's bytes, checked to start with the header; `nil` when there is no file.
    private func read() throws(ContactMapError) -> [UInt8]? {
        let path = file.path
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ContactMapError(path, "cannot be opened: \(PrivateFile.systemReason(errno))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ContactMapError(path, "is not a regular file")
        }
        guard info.st_size <= Self.byteLimit else {
            throw ContactMapError(path, "is \(info.st_size) bytes, past the \(Self.byteLimit) the extension reads")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ContactMapError(path, "cannot be read: \(PrivateFile.systemReason(errno))") }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        guard bytes.starts(with: Array((Self.header + "\n").utf8)) else {
            throw ContactMapError(path, "is not a contact map Herald wrote (its first line is not \"\(Self.header)\")")
        }
        return bytes
    }
}

/// Why the contact map could not be read or written.
public struct ContactMapError: Error, CustomStringConvertible, Hashable, Sendable {
    /// One line: the file and what is wrong.
    public let description: String

    init(_ path: String, _ what: String) {
        description = "the contact map \(path) \(what)"
    }
}
