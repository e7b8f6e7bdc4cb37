/// A fuzz input read piece by piece, the same way every time: a target turns one byte string
/// into several arguments (a mode, a method and a path, a definition and a payload) with it.
///
/// Reading past the end gives empty pieces, never a trap, so every byte string is an input.
public struct FuzzInput {
    /// What is left to read.
    public private(set) var remaining: ArraySlice<UInt8>

    /// - Parameter bytes: the whole input.
    public init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    /// The input libFuzzer hands the callback, copied.
    ///
    /// - Parameters:
    ///   - start: the first byte; may be `nil` for an empty input.
    ///   - count: how many bytes.
    public init(start: UnsafePointer<UInt8>?, count: Int) {
        self.init(Array(UnsafeBufferPointer(start: start, count: count)))
    }

    /// Whether everything has been read.
    public var isEmpty: Bool { remaining.isEmpty }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        remaining.popFirst() ?? 0
    }

    /// The bytes up to the next `separator` (which is dropped), or all that is left.
    ///
    /// - Parameter separator: the byte that ends the piece.
    /// - Returns: the piece, without the separator.
    public mutating func piece(until separator: UInt8) -> ArraySlice<UInt8> {
        guard let end = remaining.firstIndex(of: separator) else { return rest() }
        let piece = remaining[..<end]
        remaining = remaining[(end + 1)...]
        return piece
    }

    /// The next line, without its `\n` (nor a `\r` before it), as text; invalid UTF-8 becomes
    /// U+FFFD, as a server decoding a header would.
    public mutating func line() -> String {
        var bytes = piece(until: UInt8(ascii: "\n"))
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything left.
    public mutating func rest() -> ArraySlice<UInt8> {
        defer { remaining = [] }
        return remaining
    }
}
