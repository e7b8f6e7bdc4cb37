extension MediaSniffer {
    /// What the first bytes say about the format.
    ///
    /// Every detector below is monotone: once it answers `found` or `none` for some bytes, it
    /// answers the same for any longer bytes that start with them. `detect` keeps that
    /// property by deciding on the first detector that does not answer `none`, so a prefix
    /// never names a different format than the whole file.
    enum Detection: Equatable {
        case found(MediaFormat)
        /// The bytes fit a signature so far but end before it is certain. `distinctive` when at
        /// least one fixed byte of a signature matched, not just bytes any box size could have.
        case needsMore(distinctive: Bool)
        case none
    }

    /// Reads at most the first ``formatPrefixLength`` bytes.
    static func detect(_ all: Bytes) -> Detection {
        let bytes = all.prefix(formatPrefixLength)
        var first: Detection?
        var distinctive = false
        for detector in detectors {
            let result = detector(bytes)
            if first == nil, result != .none {
                if case .found = result { return result }
                first = result
            }
            if result == .needsMore(distinctive: true) { distinctive = true }
        }
        return first == nil ? .none : .needsMore(distinctive: distinctive)
    }

    /// In order: the first that does not answer `none` decides.
    private static let detectors: [@Sendable (Bytes) -> Detection] = [
        { match($0, pngSignature) }, { match($0, jpegSignature) }, { match($0, gifSignatures) },
        { match($0, riffSignatures) }, { match($0, formSignatures) },
        { id3Tag($0) }, { mpegAudioFrame($0) }, { fileTypeBox($0) }, { quickTimeAtoms($0) }, { mpegStream($0) },
    ]

    // MARK: Fixed signatures

    /// A signature: fixed bytes, with nil where any byte may stand (a RIFF size, say).
    typealias Signature = (bytes: [UInt8?], format: MediaFormat)

    static let pngSignature: [Signature] = [([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png)]
    /// SOI, then the 0xFF that starts the next marker.
    static let jpegSignature: [Signature] = [([0xFF, 0xD8, 0xFF], .jpeg)]
    static let gifSignatures: [Signature] = [(ascii("GIF87a"), .gif), (ascii("GIF89a"), .gif)]
    /// RIFF (and RF64, the 64-bit WAV) containers: id, 4-byte size, form type.
    static let riffSignatures: [Signature] = [
        (ascii("RIFF") + anyBytes(4) + ascii("WEBP"), .webp),
        (ascii("RIFF") + anyBytes(4) + ascii("WAVE"), .wav),
        (ascii("RF64") + anyBytes(4) + ascii("WAVE"), .wav),
        (ascii("RIFF") + anyBytes(4) + ascii("AVI "), .avi),
    ]
    static let formSignatures: [Signature] = [
        (ascii("FORM") + anyBytes(4) + ascii("AIFF"), .aiff),
        (ascii("FORM") + anyBytes(4) + ascii("AIFC"), .aiff),
    ]

    private static func ascii(_ text: StaticString) -> [UInt8?] {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).map { $0 }
    }

    private static func anyBytes(_ count: Int) -> [UInt8?] {
        Array(repeating: nil, count: count)
    }

    /// The first signature the bytes match, or whether they could still match one.
    static func match(_ bytes: Bytes, _ signatures: [Signature]) -> Detection {
        var partial = Detection.none
        for signature in signatures {
            var distinctive = false
            var outcome: Detection? = .found(signature.format)
            for offset in signature.bytes.indices {
                guard let byte = bytes[offset] else {
                    outcome = .needsMore(distinctive: distinctive)
                    break
                }
                if let expected = signature.bytes[offset] {
                    guard byte == expected else {
                        outcome = nil
                        break
                    }
                    distinctive = true
                }
            }
            switch outcome {
            case .found(let format)?:
                return .found(format)
            case .needsMore(let isDistinctive)?:
                partial = .needsMore(distinctive: isDistinctive || partial == .needsMore(distinctive: true))
            case .none?, nil:
                continue
            }
        }
        return partial
    }

    // MARK: MP3

    /// An ID3v2 tag (version 2.2 to 2.4, revision not 0xFF, a syncsafe size); what follows it
    /// is taken to be MP3 audio, as every player does.
    static func id3Tag(_ bytes: Bytes) -> Detection {
        let tag = match(bytes, [(ascii("ID3"), .mp3)])
        guard tag == .found(.mp3) else { return tag }
        guard bytes.count >= 10 else { return .needsMore(distinctive: true) }
        let version = bytes[3] ?? 0, revision = bytes[4] ?? 0xFF
        let syncsafe = (6..<10).allSatisfy { (bytes[$0] ?? 0xFF) < 0x80 }
        return (2...4).contains(version) && revision != 0xFF && syncsafe ? .found(.mp3) : .none
    }

    /// An MPEG audio frame header with no tag before it: the 11-bit sync, a version that is
    /// not reserved, layer III, a bitrate that is neither free nor invalid, a known sample
    /// rate and an emphasis that is not reserved. (ADTS AAC has layer bits 00: not MP3.)
    static func mpegAudioFrame(_ bytes: Bytes) -> Detection {
        guard let first = bytes[0] else { return .needsMore(distinctive: false) }
        guard first == 0xFF else { return .none }
        guard let second = bytes[1] else { return .needsMore(distinctive: true) }
        let version = second >> 3 & 0b11, layer = second >> 1 & 0b11
        guard second & 0xE0 == 0xE0, version != 0b01, layer == 0b01 else { return .none }
        guard let third = bytes[2] else { return .needsMore(distinctive: true) }
        let bitrate = third >> 4, sampleRate = third >> 2 & 0b11
        guard bitrate != 0, bitrate != 0b1111, sampleRate != 0b11 else { return .none }
        guard let fourth = bytes[3] else { return .needsMore(distinctive: true) }
        return fourth & 0b11 == 0b10 ? .none : .found(.mp3)
    }

    // MARK: ISO base media and QuickTime

    /// The first box of an ISO BMFF or QuickTime file, when its type is one of `types`.
    enum LeadingBox {
        /// `end` is `Int.max` when the box runs to the end of the file (size 0) or further
        /// than an `Int` can count.
        case box(type: FourCC, headerLength: Int, end: Int)
        case decided(Detection)
    }

    static func leadingBox(_ bytes: Bytes, types: Set<FourCC>) -> LeadingBox {
        if let size = bytes.uint32BE(at: 0), (2..<8).contains(size) { return .decided(.none) }
        guard let size = bytes.uint32BE(at: 0), let type = bytes.fourCC(at: 4) else {
            let seen = min(4, max(0, bytes.count - 4))
            let fits = types.contains { type in (0..<seen).allSatisfy { bytes[4 + $0] == type.byte($0) } }
            return .decided(fits ? .needsMore(distinctive: seen > 0) : .none)
        }
        guard types.contains(type) else { return .decided(.none) }
        switch size {
        case 0:
            return .box(type: type, headerLength: 8, end: .max)
        case 1:
            guard let large = bytes.uint64BE(at: 8) else { return .decided(.needsMore(distinctive: true)) }
            guard large >= 16 else { return .decided(.none) }
            return .box(type: type, headerLength: 16, end: large > UInt64(Int.max) ? .max : Int(large))
        default:
            return .box(type: type, headerLength: 8, end: Int(size))
        }
    }

    /// An `ftyp` box first; its brands (those within the first ``formatPrefixLength`` bytes)
    /// say which format.
    static func fileTypeBox(_ bytes: Bytes) -> Detection {
        switch leadingBox(bytes, types: ["ftyp"]) {
        case .decided(let detection):
            return detection
        case .box(_, let header, let end):
            guard end >= header + 8 else { return .none }
            let brandsEnd = min(end, formatPrefixLength)
            guard bytes.count >= brandsEnd, let major = bytes.fourCC(at: header) else {
                return .needsMore(distinctive: true)
            }
            let minor = bytes.fourCC(at: header + 4) ?? FourCC(value: 0)
            // Compatible brands follow until the box ends.
            let compatible = stride(from: header + 8, through: brandsEnd - 4, by: 4).compactMap { bytes.fourCC(at: $0) }
            return fileTypeFormat(major: major, minor: minor, compatible: compatible).map(Detection.found) ?? .none
        }
    }

    static let heicBrands: Set<FourCC> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    static let avifBrands: Set<FourCC> = ["avif", "avis", "avio"]
    static let heifBrands: Set<FourCC> = ["mif1", "msf1", "heif", "mif2"]
    static let audioBrands: Set<FourCC> = ["M4A ", "M4B ", "M4P "]
    static let videoBrands: Set<FourCC> = ["M4V ", "M4VH", "M4VP", "avc1", "qt  "]

    /// The format an `ftyp` box's brands name: HEVC-coded HEIF before generic HEIF, AVIF
    /// (no ``MediaFormat`` of its own) as nil, `qt  ` as QuickTime, iTunes audio brands as
    /// M4A (unless a video brand is there too, as in M4V files), any other as MP4.
    ///
    /// A low-overhead HEIF file (major brand `mif3`, a `mini` box instead of `meta`) names its
    /// codec's brand in the minor version field, as libheif reads it.
    static func fileTypeFormat(major: FourCC, minor: FourCC, compatible: [FourCC]) -> MediaFormat? {
        if major == "mif3" {
            if heicBrands.contains(minor) { return .heic }
            return avifBrands.contains(minor) ? nil : .heif
        }
        let brands = [major] + compatible
        if brands.contains(where: heicBrands.contains) { return .heic }
        if brands.contains(where: avifBrands.contains) { return nil }
        if brands.contains(where: heifBrands.contains) { return .heif }
        if major == "qt  " { return .mov }
        if audioBrands.contains(major) { return .m4a }
        if brands.contains(where: audioBrands.contains), !brands.contains(where: videoBrands.contains) { return .m4a }
        return .mp4
    }

    /// Atoms an old QuickTime movie (one without `ftyp`) can start with.
    static let quickTimeLeadingAtoms: Set<FourCC> = ["moov", "mdat", "wide", "free", "skip", "pnot"]
    static let quickTimeTopLevelAtoms = quickTimeLeadingAtoms.union(["PICT", "junk", "uuid"])
    static let movieChildAtoms: Set<FourCC> = ["mvhd", "trak", "udta", "cmov", "rmra", "iods", "meta", "clip", "ctab", "prfl", "mvex"]

    /// A QuickTime movie without `ftyp`: `mdat` first, `moov` whose first child is a movie
    /// atom, or a padding atom (`wide`, `free`, `skip`, `pnot`) followed by another top-level
    /// atom. When that next atom starts beyond ``formatPrefixLength``, the padding atom decides.
    static func quickTimeAtoms(_ bytes: Bytes) -> Detection {
        switch leadingBox(bytes, types: quickTimeLeadingAtoms) {
        case .decided(let detection):
            return detection
        case .box(let type, let header, let end):
            switch type {
            case "mdat":
                return .found(.mov)
            case "moov":
                guard end >= header + 8 else { return .none }
                guard let child = bytes.fourCC(at: header + 4) else { return .needsMore(distinctive: true) }
                return movieChildAtoms.contains(child) ? .found(.mov) : .none
            default:
                guard end != .max else { return .none }
                guard end <= formatPrefixLength - 8 else { return .found(.mov) }
                guard let next = bytes.fourCC(at: end + 4) else { return .needsMore(distinctive: true) }
                return quickTimeTopLevelAtoms.contains(next) ? .found(.mov) : .none
            }
        }
    }

    // MARK: MPEG program and video streams

    /// A pack header (`00 00 01 BA`, then the MPEG-1 `0010` or MPEG-2 `01` marker bits) or a
    /// sequence header (`00 00 01 B3`). Bytes that could be a box of 0x1BA or 0x1B3 bytes
    /// (`ftyp`, `moov`...) are left to the box detectors.
    static func mpegStream(_ bytes: Bytes) -> Detection {
        let start = match(bytes, [([0x00, 0x00, 0x01], .mpeg)])
        guard start == .found(.mpeg) else { return start }
        guard let code = bytes[3] else { return .needsMore(distinctive: true) }
        switch code {
        case 0xBA:
            guard let marker = bytes[4] else { return .needsMore(distinctive: true) }
            guard marker & 0xC0 == 0x40 || marker & 0xF0 == 0x20 else { return .none }
        case 0xB3:
            break
        default:
            return .none
        }
        guard let type = bytes.fourCC(at: 4) else { return .needsMore(distinctive: true) }
        return type == "ftyp" || quickTimeLeadingAtoms.contains(type) ? .none : .found(.mpeg)
    }
}

extension MediaSniffer.FourCC {
    /// The code's byte at `index` (0 to 3), first character first.
    func byte(_ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
    }
}
