import CZlib

/// A raw DEFLATE stream (RFC 1951) inflated piece by piece with the system's zlib, as a ZIP
/// archive's deflated entries need.
///
/// zlib keeps no pointer to the caller's bytes between calls: each call points it at the input
/// and output of that call only.
final class Inflater {
    private var stream = z_stream()

    /// - Throws: ``DoctorError`` when zlib cannot start (out of memory).
    init() throws(DoctorError) {
        guard CZlib_inflateInitRaw(&stream) == Z_OK else {
            throw DoctorError(file: nil, reason: "zlib cannot start inflating (\(Self.message(stream.msg)))")
        }
    }

    deinit {
        inflateEnd(&stream)
    }

    /// Inflates from `input` into at most `capacity` bytes.
    ///
    /// - Returns: what was inflated, how many bytes of `input` zlib took (the rest is to be
    ///   given again), and whether the stream has ended.
    /// - Throws: ``DoctorError`` for data that is not DEFLATE.
    func inflate(_ input: [UInt8], capacity: Int) throws(DoctorError) -> (output: [UInt8], consumed: Int, ended: Bool) {
        var output = [UInt8](repeating: 0, count: capacity)
        let inputCount = UInt32(input.count)
        let outputCount = UInt32(capacity)
        let status = input.withUnsafeBufferPointer { inputBytes in
            output.withUnsafeMutableBufferPointer { outputBytes in
                stream.next_in = inputBytes.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.avail_in = inputCount
                stream.next_out = outputBytes.baseAddress
                stream.avail_out = outputCount
                defer {
                    stream.next_in = nil
                    stream.next_out = nil
                }
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
        }
        let consumed = input.count - Int(stream.avail_in)
        output.removeLast(Int(stream.avail_out))
        switch status {
        case Z_OK, Z_BUF_ERROR: return (output, consumed, false)
        case Z_STREAM_END: return (output, consumed, true)
        default: throw DoctorError(file: nil, reason: "its deflated data is corrupt (zlib: \(Self.message(stream.msg)))")
        }
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "no reason given"
    }
}
