import Foundation

/// One cache entry: the bytes and what HTTP said about their freshness.
struct CachedAvatar: Sendable {
    var data: Data
    var etag: String?
    var lastModified: String?
    /// Until when the entry may be used without asking the server.
    var freshUntil: Date

    func isFresh(at now: Date) -> Bool { now < freshUntil }

    /// The entry's on-disk form: a 4-byte big-endian header length, a JSON header, the bytes.
    /// One file, so one atomic rename publishes header and bytes together.
    func encoded(url: URL) -> Data {
        var header: [String: String] = ["url": url.absoluteString, "freshUntil": String(freshUntil.timeIntervalSince1970)]
        header["etag"] = etag
        header["lastModified"] = lastModified
        // Encoding a [String: String] cannot fail.
        let headerData = (try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])) ?? Data("{}".utf8)
        let length = UInt32(headerData.count)
        return Data([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]) + headerData + data
    }

    /// Reads an entry written by ``encoded(url:)``; `nil` for anything else, including an entry
    /// for another URL (a hash collision) or a damaged file.
    init?(decoding file: Data, url: URL) {
        guard file.count >= 4 else { return nil }
        let bytes = [UInt8](file.prefix(4))
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        // A damaged header is a cache miss, and the download that follows replaces the entry.
        guard length <= file.count - 4,
            let header = (try? JSONSerialization.jsonObject(with: file.subdata(in: 4..<4 + length))) as? [String: String],
            header["url"] == url.absoluteString,
            let fresh = header["freshUntil"].flatMap(TimeInterval.init)
        else { return nil }
        self.data = file.subdata(in: 4 + length..<file.count)
        self.etag = header["etag"]
        self.lastModified = header["lastModified"]
        self.freshUntil = Date(timeIntervalSince1970: fresh)
    }

    init(data: Data, etag: String?, lastModified: String?, freshUntil: Date) {
        self.data = data
        self.etag = etag
        self.lastModified = lastModified
        self.freshUntil = freshUntil
    }
}
