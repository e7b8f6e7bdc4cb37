import CZlib

/// A raw DEFLATE stream (RFC 1951) inflated piece by piece with the system's zlib, as a ZIP
/// archive's deflated entries need.
///
/// zlib keeps no pointer to the caller's bytes between calls: each call points it at the input
/// and output of that call only. The stream itself lives at an address of its own for the
/// inflater's life: zlib keeps a pointer back to it and checks it on every call, and a Swift
/// property passed with `&` has no address that is promised to stay.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// - Throws: ``DoctorError`` when zlib cannot start (out of memory).
    init() throws(DoctorError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Thrown after every property is set: deinit frees the stream.
        guard CZlib_inflateInitRaw(stream) == Z_OK else {
            throw DoctorError(file: nil, reason: "zlib cannot start inflating (\(Self.message(stream.pointee.msg)))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
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
                stream.pointee.next_in = inputBytes.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.pointee.avail_in = inputCount
                stream.pointee.next_out = outputBytes.baseAddress
                stream.pointee.avail_out = outputCount
                defer {
                    stream.pointee.next_in = nil
                    stream.pointee.next_out = nil
                }
                return CZlib.inflate(stream, Z_NO_FLUSH)
            }
        }
        let consumed = input.count - Int(stream.pointee.avail_in)
        output.removeLast(Int(stream.pointee.avail_out))
        switch status {
        case Z_OK, Z_BUF_ERROR: return (output, consumed, false)
        case Z_STREAM_END: return (output, consumed, true)
        default: throw DoctorError(file: nil, reason: "its deflated data is corrupt (zlib: \(Self.message(stream.pointee.msg)))")
        }
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "no reason given"
    }
}
