extension MediaSniffer {
    /// How many leading bytes the non-media checks read: enough for a doctype, an XML
    /// declaration and the start of the root element.
    static let textSampleLength = 512

    /// Readable bytes where media was expected.
    enum NonMedia {
        case html, xml, svg, json, text

        /// The phrase ``MediaSniffer/describeNonMedia(_:)`` returns.
        var phrase: String {
            switch self {
            case .html: "an HTML page"
            case .xml: "an XML document"
            case .svg: "an SVG image"
            case .json: "JSON"
            case .text: "text"
            }
        }

        var error: SniffError {
            switch self {
            case .html: SniffError(code: .html, message: "got an HTML page, not an image")
            case .xml: SniffError(code: .xml, message: "got an XML document, not an image")
            case .svg: SniffError(code: .svg, message: "got an SVG drawing, not a bitmap image a notification can show")
            case .json: SniffError(code: .json, message: "got JSON, not an image")
            case .text: SniffError(code: .text, message: "got plain text, not an image")
            }
        }
    }

    /// Classifies bytes that read as UTF-8 text (an optional BOM, no NUL, at most one byte in
    /// twenty a control character or invalid UTF-8) by their first non-blank character.
    /// Binary bytes, and no bytes at all, are nil.
    static func nonMedia(_ all: Bytes) -> NonMedia? {
        let sample = all.prefix(textSampleLength)
        var start = 0
        if sample[0] == 0xEF, sample[1] == 0xBB, sample[2] == 0xBF { start = 3 }
        guard sample.count > 0, looksLikeText(sample, from: start) else { return nil }
        let first = firstNonBlank(sample, from: start)
        switch first.flatMap({ sample[$0] }) {
        case UInt8(ascii: "<"):
            return markup(sample, from: first ?? start)
        case UInt8(ascii: "{"):
            let next = firstNonBlank(sample, from: (first ?? start) + 1).flatMap { sample[$0] }
            return next == nil || next == UInt8(ascii: "\"") || next == UInt8(ascii: "}") ? .json : .text
        case UInt8(ascii: "["):
            let next = firstNonBlank(sample, from: (first ?? start) + 1).flatMap { sample[$0] }
            return (next.map { Array(#""{[]-0123456789tfn"#.utf8).contains($0) } ?? true) ? .json : .text
        default:
            return .text
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func firstNonBlank(_ sample: Bytes, from start: Int) -> Int? {
        var offset = start
        while let byte = sample[offset] {
            if !isBlank(byte) { return offset }
            offset += 1
        }
        return nil
    }

    /// `<svg` without `<html` is SVG; an `<html` tag or an HTML doctype is HTML; an XML
    /// declaration with neither is XML; any other markup is taken for HTML.
    private static func markup(_ sample: Bytes, from start: Int) -> NonMedia {
        let isHTML = contains(sample, "<html", from: start) || hasPrefix(sample, "<!doctype html", at: start)
        if contains(sample, "<svg", from: start), !isHTML { return .svg }
        if !isHTML, hasPrefix(sample, "<?xml", at: start) { return .xml }
        return .html
    }

    /// ASCII-case-insensitive: `needle` must be lowercase.
    private static func hasPrefix(_ sample: Bytes, _ needle: StaticString, at offset: Int) -> Bool {
        let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return needle.indices.allSatisfy { index in
            guard let byte = sample[offset + index] else { return false }
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            return lowered == needle[index]
        }
    }

    private static func contains(_ sample: Bytes, _ needle: StaticString, from start: Int) -> Bool {
        (start..<max(start, sample.count)).contains { hasPrefix(sample, needle, at: $0) }
    }

    private static func looksLikeText(_ sample: Bytes, from start: Int) -> Bool {
        var offset = start
        var characters = 0
        var suspicious = 0
        while let byte = sample[offset] {
            characters += 1
            if byte == 0 { return false }
            if byte < 0x80 {
                let isControl = byte == 0x7F || (byte < 0x20 && !isBlank(byte) && byte != 0x1B)
                if isControl { suspicious += 1 }
                offset += 1
                continue
            }
            let length = switch byte {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
            var continuation = length > 0
            var index = 1
            while continuation, index < length {
                // A sequence the sample cuts off counts as valid: the text goes on.
                if let next = sample[offset + index], next & 0xC0 != 0x80 { continuation = false }
                index += 1
            }
            if !continuation {
                suspicious += 1
                offset += 1
            } else {
                offset += length
            }
        }
        return characters > 0 ? suspicious * 20 <= characters : true
    }
}
