extension MediaSniffer {
    /// HEIC and HEIF: the image size is the `ispe` (image spatial extents) property, found in
    /// `meta` (a FullBox: 4 bytes of version and flags before its children) → `iprp` → `ipco`.
    ///
    /// The primary item (`pitm`) names the image a viewer shows; `ipma` lists each item's
    /// properties as 1-based indexes into `ipco`, and the primary's first `ispe` is its size.
    /// For an iPhone photo that is the whole grid (4032 × 3024), not a 512 × 512 tile nor the
    /// thumbnail. Without `pitm` or a matching `ipma` entry, the largest `ispe` stands in.
    ///
    /// A low-overhead file (brand `mif3`) has a `mini` box instead, with the size in its first
    /// bits.
    ///
    /// The answer waits until every child header of `meta` has been read, so that no later
    /// box (a `pitm` after `iprp`) can change it; the content of `pitm`, `ipco`'s children and
    /// `ipma` must be at hand too. Top-level boxes before `meta` are skipped by their size.
    static func heifInfo(_ bytes: Bytes, format: MediaFormat) -> Result<ImageInfo, SniffError> {
        do throws(BoxFailure) {
            var found: Box?
            _ = try walk(bytes, from: 0, to: .max) { box throws(BoxFailure) in
                guard box.type == "meta" || box.type == "mini" else { return true }
                found = box
                return false
            }
            // The top-level walk only ends without `meta` at a size-0 box: the file went on.
            guard let found else { throw .truncated }
            if found.type == "mini" {
                let size = try imageSize(inMini: found, of: bytes)
                return sized(format, width: size.width, height: size.height)
            }
            guard let size = try imageSize(inMeta: found, of: bytes) else {
                return .failure(malformed(format, "no image size ('ispe') property"))
            }
            return sized(format, width: size.width, height: size.height)
        } catch {
            switch error {
            case .truncated: return .failure(truncated(format, after: bytes.count))
            case .malformed(let detail): return .failure(malformed(format, detail))
            }
        }
    }

    private typealias Extents = (width: UInt64, height: UInt64)

    private static func imageSize(inMeta meta: Box, of bytes: Bytes) throws(BoxFailure) -> Extents? {
        let children = meta.contentStart + 4
        guard children <= meta.end else { throw .malformed("a 'meta' box too short for its version and flags") }
        var primaryItem: UInt64?
        // Every `ipco` child in order, so `ipma`'s 1-based indexes can point into it.
        var properties: [Extents?] = []
        var associations: [Box] = []
        _ = try walk(bytes, from: children, to: meta.end) { box throws(BoxFailure) in
            switch box.type {
            case "pitm":
                var reader = try BoxReader(box, in: bytes)
                let version = try reader.read(1)
                _ = try reader.read(3)
                primaryItem = try reader.read(version == 0 ? 2 : 4)
            case "iprp":
                _ = try walk(bytes, from: box.contentStart, to: box.end) { child throws(BoxFailure) in
                    if child.type == "ipco" {
                        _ = try walk(bytes, from: child.contentStart, to: child.end) { property throws(BoxFailure) in
                            properties.append(try extents(property, in: bytes))
                            return true
                        }
                    } else if child.type == "ipma" {
                        _ = try BoxReader(child, in: bytes)
                        associations.append(child)
                    }
                    return true
                }
            default:
                break
            }
            return true
        }
        if let primaryItem, let index = try firstExtents(of: primaryItem, in: associations, bytes: bytes, properties: properties) {
            return properties[index]
        }
        return properties.compactMap { $0 }.max { $0.width * $0.height < $1.width * $1.height }
    }

    /// The size in a low-overhead HEIF file's `mini` box (ISO/IEC 23008-12 Annex O), whose
    /// fields are bits, most significant first: version (2 bits, 0), nine flags, chroma
    /// subsampling (2), orientation minus one (3), then a large-dimensions flag and width minus
    /// one and height minus one, in 7 bits each or, with the flag, 15.
    private static func imageSize(inMini mini: Box, of bytes: Bytes) throws(BoxFailure) -> Extents {
        func bits(_ count: Int) throws(BoxFailure) -> UInt64 {
            guard count <= mini.end - mini.contentStart else { throw .malformed("a 'mini' box too short for its size fields") }
            guard bytes.has(count, at: mini.contentStart) else { throw .truncated }
            return (0..<count).reduce(0) { $0 << 8 | UInt64(bytes[mini.contentStart + $1] ?? 0) }
        }
        func field(_ value: UInt64, totalBits: Int, at offset: Int, length: Int) -> UInt64 {
            value >> UInt64(totalBits - offset - length) & (1 << UInt64(length) - 1)
        }
        let head = try bits(3)
        let version = field(head, totalBits: 24, at: 0, length: 2)
        guard version == 0 else { throw .malformed("a 'mini' box of version \(version)") }
        let length = field(head, totalBits: 24, at: 16, length: 1) == 1 ? 15 : 7
        let byteCount = (17 + 2 * length + 7) / 8
        let all = try bits(byteCount)
        let width = field(all, totalBits: 8 * byteCount, at: 17, length: length) + 1
        let height = field(all, totalBits: 8 * byteCount, at: 17 + length, length: length) + 1
        return (width, height)
    }

    /// An `ispe` box's width and height (after 4 bytes of version and flags); nil for any
    /// other property.
    private static func extents(_ property: Box, in bytes: Bytes) throws(BoxFailure) -> Extents? {
        guard property.type == "ispe" else { return nil }
        var reader = try BoxReader(property, in: bytes)
        _ = try reader.read(4)
        return (try reader.read(4), try reader.read(4))
    }

    /// The 0-based index in `properties` of the first `ispe` associated with `item`, if any.
    ///
    /// `ipma`: version and flags; a 32-bit entry count; per entry an item ID (16 bits, 32 from
    /// version 1), an 8-bit association count, and per association an essential bit and a
    /// property index of 7 bits (15 bits, in 16, when flags bit 0 is set).
    private static func firstExtents(
        of item: UInt64, in associations: [Box], bytes: Bytes, properties: [Extents?]
    ) throws(BoxFailure) -> Int? {
        for box in associations {
            var reader = try BoxReader(box, in: bytes)
            let version = try reader.read(1)
            let wideIndexes = try reader.read(3) & 1 == 1
            let entries = try reader.read(4)
            var entry: UInt64 = 0
            // Each entry takes at least 3 bytes, so a huge count ends at the box's end.
            while entry < entries {
                entry += 1
                let itemID = try reader.read(version == 0 ? 2 : 4)
                let count = try reader.read(1)
                for _ in 0..<count {
                    let association = try reader.read(wideIndexes ? 2 : 1)
                    let index = Int(association & (wideIndexes ? 0x7FFF : 0x7F))
                    if itemID == item, index >= 1, index <= properties.count, properties[index - 1] != nil {
                        return index - 1
                    }
                }
            }
        }
        return nil
    }
}
