import HeraldEnrichment

/// Media headers built by hand, byte by byte, at known sizes. Each expected value below comes
/// from how the bytes were written, never from running the sniffer.
enum MediaSnifferSamples {
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Images

    /// PNG, 640 × 480 RGBA.
    static let png640x480: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,  // signature: \x89 P N G \r \n \x1A \n
        0x00, 0x00, 0x00, 0x0D,  // chunk length: 13
        0x49, 0x48, 0x44, 0x52,  // chunk type: IHDR
        0x00, 0x00, 0x02, 0x80,  // width: 640
        0x00, 0x00, 0x01, 0xE0,  // height: 480
        0x08, 0x06, 0x00, 0x00, 0x00,  // bit depth 8, colour type 6 (RGBA), deflate, filter 0, no interlace
        0x35, 0xD1, 0xDC, 0xE4,  // CRC-32 of type and data (zlib.crc32)
    ]

    /// A genuine 3 × 2 RGB PNG written by Python's zlib and struct (IHDR, IDAT, IEND with real
    /// CRCs); `file` reports "PNG image data, 3 x 2, 8-bit/color RGB".
    static let realPNG3x2: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0x12, 0x16, 0xF1,
        0x4D, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0xC0,
        0x00, 0xC1, 0x70, 0x16, 0x00, 0x3B, 0xD8, 0x05, 0xFB, 0x36, 0x11, 0x98, 0xEA, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// Apple's iPhone-optimised PNG: a CgBI chunk before IHDR; 120 × 90.
    static let cgbiPNG120x90: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,  // signature
        0x00, 0x00, 0x00, 0x04,  // chunk length: 4
        0x43, 0x67, 0x42, 0x49,  // chunk type: CgBI
        0x50, 0x00, 0x20, 0x02,  // CgBI flags
        0x2B, 0xD5, 0xB3, 0x7F,  // CRC (not checked)
        0x00, 0x00, 0x00, 0x0D,  // chunk length: 13
        0x49, 0x48, 0x44, 0x52,  // chunk type: IHDR
        0x00, 0x00, 0x00, 0x78,  // width: 120
        0x00, 0x00, 0x00, 0x5A,  // height: 90
        0x08, 0x06, 0x00, 0x00, 0x00,  // bit depth, colour type, compression, filter, interlace
        0x00, 0x00, 0x00, 0x00,  // CRC (not checked)
    ]

    /// JPEG, progressive, 4032 × 3024, after a 20 000-byte EXIF APP1 segment, fill bytes, a
    /// quantisation table, a standalone TEM marker and a Huffman table (C4: not a frame header).
    static let jpeg4032x3024: [UInt8] = {
        var bytes: [UInt8] = [0xFF, 0xD8]  // SOI
        bytes += [0xFF, 0xE1, 0x4E, 0x22]  // APP1, length 20002 (itself + 20000 bytes)
        bytes += ascii("Exif") + [0x00, 0x00]  // EXIF identifier
        bytes += [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // TIFF header: big-endian, IFD at 8
        bytes += Array(repeating: 0x00, count: 20000 - 14)  // the rest of the 20000 bytes
        bytes += [0xFF, 0xFF, 0xFF]  // fill bytes before the next marker
        bytes += [0xDB, 0x00, 0x43, 0x00] + Array(repeating: 0x01, count: 64)  // DQT, length 67: Pq/Tq, 64 entries
        bytes += [0xFF, 0x01]  // TEM: standalone, no length
        bytes += [0xFF, 0xC4, 0x00, 0x1F, 0x00]  // DHT, length 31: Tc/Th 0
        bytes += [0x00, 0x01, 0x05, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]  // 16 code counts
        bytes += Array(0...11)  // 12 symbols
        bytes += [0xFF, 0xC2, 0x00, 0x11]  // SOF2 (progressive), length 17 = 8 + 3 components × 3
        bytes += [0x08]  // sample precision: 8 bits
        bytes += [0x0B, 0xD0]  // height: 3024
        bytes += [0x0F, 0xC0]  // width: 4032
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]  // 3 components: id, sampling, table
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00]  // SOS
        bytes += [0x12, 0x34, 0xFF, 0x00, 0x56]  // entropy-coded data with a stuffed FF 00
        bytes += [0xFF, 0xD9]  // EOI
        return bytes
    }()

    /// A JPEG whose first segment after SOI has marker `marker` and holds frame-header-shaped
    /// bytes for 111 × 222, followed by a real SOF0 for 640 × 480. Whether the first one counts
    /// decides which size comes out.
    static func jpegWithLeadingSegment(_ marker: UInt8) -> [UInt8] {
        [0xFF, 0xD8]  // SOI
            + [0xFF, marker, 0x00, 0x0B]  // marker, length 11 = 8 + 1 component × 3
            + [0x08, 0x00, 0xDE, 0x00, 0x6F]  // precision 8, height 222, width 111
            + [0x01, 0x01, 0x11, 0x00]  // 1 component
            + [0xFF, 0xC0, 0x00, 0x0B]  // SOF0, length 11
            + [0x08, 0x01, 0xE0, 0x02, 0x80]  // precision 8, height 480, width 640
            + [0x01, 0x01, 0x11, 0x00]  // 1 component
            + [0xFF, 0xD9]  // EOI
    }

    /// GIF89a with a 30000 × 30000 logical screen: a decompression bomb in 14 bytes.
    static let gif30000: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61,  // signature: GIF89a
        0x30, 0x75,  // logical screen width: 30000, little-endian
        0x30, 0x75,  // logical screen height: 30000
        0xF7,  // global colour table, 8 bits per colour, 256 entries
        0x00,  // background colour index
        0x00,  // pixel aspect ratio
        0x3B,  // trailer
    ]

    /// GIF87a, 16 × 9.
    static let gif87a16x9: [UInt8] = ascii("GIF87a") + [0x10, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00, 0x3B]

    /// Lossy WebP (VP8 key frame), 1024 × 768. `widthHigh` is the width field's high byte: its
    /// top 2 bits are the upscaling hint, so 0x04 and 0x44 both mean 1024.
    static func webPLossy(widthHigh: UInt8 = 0x04) -> [UInt8] {
        ascii("RIFF") + [0x1E, 0x00, 0x00, 0x00]  // RIFF, size 30: WEBP + chunk header + 18
            + ascii("WEBP")
            + ascii("VP8 ") + [0x12, 0x00, 0x00, 0x00]  // chunk VP8, size 18
            + [0x70, 0x24, 0x00]  // frame tag: key frame (bit 0 = 0), version 0, shown, first partition 0x123
            + [0x9D, 0x01, 0x2A]  // start code
            + [0x00, widthHigh]  // width: 1024 (14 bits) + scale (2 bits), little-endian
            + [0x00, 0x03]  // height: 768, scale 0
            + [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]  // partition data
    }

    /// Lossless WebP (VP8L), 400 × 300 with alpha.
    static let webPLossless400x300: [UInt8] =
        ascii("RIFF") + [0x14, 0x00, 0x00, 0x00]  // RIFF, size 20
        + ascii("WEBP")
        + ascii("VP8L") + [0x08, 0x00, 0x00, 0x00]  // chunk VP8L, size 8
        + [0x2F]  // signature
        + [0x8F, 0xC1, 0x4A, 0x10]  // 399 | 299 << 14 | alpha << 28, version 0: 0x104AC18F little-endian
        + [0x00, 0x00, 0x00]  // image data

    /// Extended WebP (VP8X), 2000 × 1500 canvas.
    static let webPExtended2000x1500: [UInt8] =
        ascii("RIFF") + [0x16, 0x00, 0x00, 0x00]  // RIFF, size 22
        + ascii("WEBP")
        + ascii("VP8X") + [0x0A, 0x00, 0x00, 0x00]  // chunk VP8X, size 10
        + [0x10, 0x00, 0x00, 0x00]  // flags (alpha), 3 reserved bytes
        + [0xCF, 0x07, 0x00]  // canvas width - 1: 1999, 24-bit little-endian
        + [0xDB, 0x05, 0x00]  // canvas height - 1: 1499

    /// HEIC whose primary item (1) is 4000 × 3000, with a 320 × 240 thumbnail (item 2) whose
    /// `ispe` comes first. A 64-bit-size `free` box sits between `ftyp` and `meta`. 205 bytes.
    static let heic4000x3000: [UInt8] = {
        var bytes: [UInt8] = []
        bytes += [0x00, 0x00, 0x00, 0x18] + ascii("ftyp")  // ftyp, 24 bytes
        bytes += ascii("heic") + [0x00, 0x00, 0x00, 0x00]  // major brand heic, minor version 0
        bytes += ascii("mif1") + ascii("heic")  // compatible brands
        bytes += [0x00, 0x00, 0x00, 0x01] + ascii("free")  // free, size 1: a 64-bit size follows
        bytes += [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10]  // largesize: 16, header only
        bytes += [0x00, 0x00, 0x00, 0x99] + ascii("meta")  // meta, 153 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // meta is a FullBox: version 0, flags 0
        bytes += [0x00, 0x00, 0x00, 0x21] + ascii("hdlr")  // hdlr, 33 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // version, flags
        bytes += [0x00, 0x00, 0x00, 0x00] + ascii("pict")  // pre_defined, handler type pict
        bytes += Array(repeating: 0x00, count: 12) + [0x00]  // reserved, empty name
        bytes += [0x00, 0x00, 0x00, 0x0E] + ascii("pitm")  // pitm, 14 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // version 0, flags
        bytes += [0x00, 0x01]  // primary item ID: 1
        bytes += [0x00, 0x00, 0x00, 0x5E] + ascii("iprp")  // iprp, 94 bytes
        bytes += [0x00, 0x00, 0x00, 0x3C] + ascii("ipco")  // ipco, 60 bytes
        bytes += [0x00, 0x00, 0x00, 0x14] + ascii("ispe")  // property 1: ispe, 20 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // version, flags
        bytes += [0x00, 0x00, 0x01, 0x40, 0x00, 0x00, 0x00, 0xF0]  // 320 × 240
        bytes += [0x00, 0x00, 0x00, 0x0C] + ascii("hvcC")  // property 2: hvcC, 12 bytes
        bytes += [0x01, 0x01, 0x60, 0x00]  // (decoder configuration, shortened)
        bytes += [0x00, 0x00, 0x00, 0x14] + ascii("ispe")  // property 3: ispe, 20 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // version, flags
        bytes += [0x00, 0x00, 0x0F, 0xA0, 0x00, 0x00, 0x0B, 0xB8]  // 4000 × 3000
        bytes += [0x00, 0x00, 0x00, 0x1A] + ascii("ipma")  // ipma, 26 bytes
        bytes += [0x00, 0x00, 0x00, 0x00]  // version 0 (16-bit item IDs), flags 0 (7-bit indexes)
        bytes += [0x00, 0x00, 0x00, 0x02]  // 2 entries
        bytes += [0x00, 0x01, 0x02, 0x82, 0x03]  // item 1: 2 associations: hvcC (essential), ispe 4000 × 3000
        bytes += [0x00, 0x02, 0x02, 0x82, 0x01]  // item 2: 2 associations: hvcC (essential), ispe 320 × 240
        bytes += [0x00, 0x00, 0x00, 0x0C] + ascii("mdat")  // mdat, 12 bytes
        bytes += [0xDE, 0xAD, 0xBE, 0xEF]  // media data
        return bytes
    }()

    /// ``heic4000x3000`` with its bytes at `offset` replaced.
    static func heic(replacing offset: Int, with replacement: [UInt8]) -> [UInt8] {
        var bytes = heic4000x3000
        bytes.replaceSubrange(offset..<offset + replacement.count, with: replacement)
        return bytes
    }

    /// Offsets in ``heic4000x3000``: meta starts at 40; hdlr at 52; pitm at 85 (type at 89,
    /// item ID at 97); iprp at 99; ipco at 107; the first ispe at 115 (width at 127), the
    /// second at 147 (width at 159); ipma at 167; mdat at 193.
    enum HEICOffset {
        static let metaSize = 40, pitmType = 89, primaryItemID = 97, firstISPEWidth = 127
        static let secondISPEWidth = 159, ipmaSize = 167, mdat = 193
    }
}

extension MediaSnifferSamples {
    // MARK: Audio and video

    /// MP3 starting with an ID3v2.4 tag.
    static let mp3WithID3: [UInt8] =
        ascii("ID3") + [0x04, 0x00]  // ID3, version 2.4.0
        + [0x00]  // flags
        + [0x00, 0x00, 0x00, 0x0A]  // tag size 10, syncsafe
        + ascii("TIT2") + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00]  // (a frame header, padding)
        + [0xFF, 0xFB, 0x90, 0x64]  // the first audio frame

    /// MP3 with no tag: an MPEG-1 layer III frame header, 128 kbit/s, 44.1 kHz.
    static let mp3Frame: [UInt8] = [
        0xFF, 0xFB,  // sync (11 bits), MPEG-1, layer III, no CRC
        0x90,  // bitrate index 9 (128 kbit/s), sample rate 0 (44.1 kHz), no padding
        0x64,  // joint stereo, original, no emphasis
    ] + Array(repeating: 0x00, count: 60)

    /// iTunes AAC audio: ftyp M4A.
    static let m4a: [UInt8] =
        [0x00, 0x00, 0x00, 0x20] + ascii("ftyp")  // ftyp, 32 bytes
        + ascii("M4A ") + [0x00, 0x00, 0x00, 0x00]  // major brand, minor version
        + ascii("M4A ") + ascii("mp42") + ascii("isom") + [0x00, 0x00, 0x00, 0x00]  // compatible brands
        + [0x00, 0x00, 0x00, 0x08] + ascii("free")

    static let wav: [UInt8] =
        ascii("RIFF") + [0x24, 0x08, 0x00, 0x00] + ascii("WAVE")  // RIFF, size, WAVE
        + ascii("fmt ") + [0x10, 0x00, 0x00, 0x00]  // fmt chunk, 16 bytes
        + [0x01, 0x00, 0x02, 0x00, 0x44, 0xAC, 0x00, 0x00]  // PCM, 2 channels, 44100 Hz

    static let aiff: [UInt8] =
        ascii("FORM") + [0x00, 0x00, 0x00, 0x4E] + ascii("AIFF")  // FORM, size, AIFF
        + ascii("COMM") + [0x00, 0x00, 0x00, 0x12, 0x00, 0x02]  // COMM chunk, 2 channels

    static let aifc: [UInt8] =
        ascii("FORM") + [0x00, 0x00, 0x00, 0x4E] + ascii("AIFC")  // FORM, size, AIFC
        + ascii("FVER") + [0x00, 0x00, 0x00, 0x04, 0xA2, 0x80, 0x51, 0x40]  // format version

    static let mp4: [UInt8] =
        [0x00, 0x00, 0x00, 0x1C] + ascii("ftyp")  // ftyp, 28 bytes
        + ascii("isom") + [0x00, 0x00, 0x02, 0x00]  // major brand isom, minor version 512
        + ascii("isom") + ascii("iso2") + ascii("mp41")  // compatible brands
        + [0x00, 0x00, 0x00, 0x08] + ascii("free")

    /// iTunes video: major brand M4V, with M4A among the compatible brands: still video.
    static let m4v: [UInt8] =
        [0x00, 0x00, 0x00, 0x1C] + ascii("ftyp")  // ftyp, 28 bytes
        + ascii("M4V ") + [0x00, 0x00, 0x00, 0x01]  // major brand M4V, minor version 1
        + ascii("M4V ") + ascii("M4A ") + ascii("mp42")  // compatible brands

    static let movFileType: [UInt8] =
        [0x00, 0x00, 0x00, 0x14] + ascii("ftyp")  // ftyp, 20 bytes
        + ascii("qt  ") + [0x00, 0x00, 0x02, 0x00]  // major brand qt, minor version
        + ascii("qt  ")  // compatible brand
        + [0x00, 0x00, 0x00, 0x08] + ascii("wide")

    /// A QuickTime movie without ftyp: wide, then mdat.
    static let movWideMdat: [UInt8] =
        [0x00, 0x00, 0x00, 0x08] + ascii("wide")  // wide, 8 bytes (room for a 64-bit mdat size)
        + [0x00, 0x01, 0x23, 0x45] + ascii("mdat")  // mdat, 74565 bytes
        + [0x00, 0x00, 0x00, 0x00]

    /// A QuickTime movie starting with moov, whose first child is mvhd.
    static let movMoovFirst: [UInt8] =
        [0x00, 0x00, 0x01, 0x00] + ascii("moov")  // moov, 256 bytes
        + [0x00, 0x00, 0x00, 0x6C] + ascii("mvhd")  // mvhd, 108 bytes
        + [0x00, 0x00, 0x00, 0x00]  // version, flags

    /// A QuickTime movie starting with a 16-byte free atom, then moov.
    static let movFreeThenMoov: [UInt8] =
        [0x00, 0x00, 0x00, 0x10] + ascii("free") + Array(repeating: 0x00, count: 8)  // free, 16 bytes
        + [0x00, 0x00, 0x00, 0x80] + ascii("moov")  // moov, 128 bytes
        + [0x00, 0x00, 0x00, 0x6C] + ascii("mvhd")

    /// MPEG-2 program stream: a pack header.
    static let mpegProgramStream: [UInt8] =
        [0x00, 0x00, 0x01, 0xBA]  // pack start code
        + [0x44, 0x00, 0x04, 0x00, 0x04, 0x01]  // '01' marker, SCR with marker bits
        + [0x01, 0x89, 0xC3, 0xF8]  // mux rate, stuffing length 0

    /// MPEG-1 video elementary stream: a sequence header, 320 × 240.
    static let mpegVideo: [UInt8] =
        [0x00, 0x00, 0x01, 0xB3]  // sequence header code
        + [0x14, 0x00, 0xF0]  // width 320 (12 bits), height 240 (12 bits)
        + [0x13, 0xFF, 0xFF, 0xE0, 0x18]  // aspect ratio, frame rate, bitrate, VBV

    static let avi: [UInt8] =
        ascii("RIFF") + [0x00, 0x10, 0x00, 0x00] + ascii("AVI ")  // RIFF, size, AVI
        + ascii("LIST") + [0xC0, 0x00, 0x00, 0x00] + ascii("hdrl")  // header list

    /// AVIF: an ftyp Herald has no format for.
    static let avif: [UInt8] =
        [0x00, 0x00, 0x00, 0x1C] + ascii("ftyp")  // ftyp, 28 bytes
        + ascii("avif") + [0x00, 0x00, 0x00, 0x00]  // major brand avif
        + ascii("avif") + ascii("mif1") + ascii("miaf")  // compatible brands

    /// An ftyp whose major brand is mif1 and whose HEVC brand is only compatible: HEIC.
    static let heicByCompatibleBrand: [UInt8] =
        [0x00, 0x00, 0x00, 0x18] + ascii("ftyp")  // ftyp, 24 bytes
        + ascii("mif1") + [0x00, 0x00, 0x00, 0x00]  // major brand mif1
        + ascii("mif1") + ascii("heic")  // compatible brands

    /// An ftyp with only generic HEIF brands: HEIF.
    static let heifGeneric: [UInt8] =
        [0x00, 0x00, 0x00, 0x18] + ascii("ftyp")  // ftyp, 24 bytes
        + ascii("mif1") + [0x00, 0x00, 0x00, 0x00]  // major brand mif1
        + ascii("mif1") + ascii("miaf")  // compatible brands

    /// An HEIF image sequence: msf1.
    static let heifSequence: [UInt8] =
        [0x00, 0x00, 0x00, 0x14] + ascii("ftyp")  // ftyp, 20 bytes
        + ascii("msf1") + [0x00, 0x00, 0x00, 0x00]  // major brand msf1
        + ascii("iso8")  // compatible brand
}

extension MediaSnifferSamples {
    /// Low-overhead HEIC (ISO/IEC 23008-12 Annex O): ftyp `mif3` with the codec brand in the
    /// minor version, then a `mini` box whose first bits hold the size. 320 × 240, in 15-bit
    /// fields (large-dimensions flag set).
    static let heicMini320x240: [UInt8] =
        [0x00, 0x00, 0x00, 0x10] + ascii("ftyp")  // ftyp, 16 bytes
        + ascii("mif3") + ascii("heic")  // major brand mif3; minor version: the codec brand heic
        + [0x00, 0x00, 0x00, 0x12] + ascii("mini")  // mini, 18 bytes
        + [0x08]  // version 0 (2 bits), no explicit codec types, no float, full range, no alpha, no CICP, no HDR
        + [0x08]  // no ICC, EXIF, XMP; chroma subsampling 1 (4:2:0, 2 bits); orientation 1 (3 bits, minus one)
        + [0x81, 0x3F]  // large-dimensions flag 1, width - 1 = 319 in 15 bits: 000000100111111
        + [0x01, 0xDE]  // height - 1 = 239 in 15 bits: 000000011101111, then a 0 bit of what follows
        + [0x00, 0x00, 0x00, 0x00]  // (the rest of the box)

    /// Low-overhead HEIC, 64 × 48, in 7-bit fields.
    static let heicMini64x48: [UInt8] =
        [0x00, 0x00, 0x00, 0x10] + ascii("ftyp")  // ftyp, 16 bytes
        + ascii("mif3") + ascii("heic")  // major brand mif3, codec brand heic
        + [0x00, 0x00, 0x00, 0x0E] + ascii("mini")  // mini, 14 bytes
        + [0x08, 0x08]  // version 0 and flags, as above
        + [0x3F]  // large-dimensions flag 0, width - 1 = 63 in 7 bits: 0111111
        + [0x5E]  // height - 1 = 47 in 7 bits: 0101111, then a 0 bit
        + [0x00, 0x00]  // (the rest of the box)

    /// Low-overhead AVIF: mif3 with the codec brand avif.
    static let avifMini: [UInt8] =
        [0x00, 0x00, 0x00, 0x10] + ascii("ftyp") + ascii("mif3") + ascii("avif")
        + [0x00, 0x00, 0x00, 0x0E] + ascii("mini") + [0x08, 0x08, 0x3F, 0x5E, 0x00, 0x00]
}
