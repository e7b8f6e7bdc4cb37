import Foundation

extension Data {
    /// JSON text without the white space between its tokens; strings, numbers and key order
    /// untouched. What `send apns PAYLOAD` sends, so that a pretty-printed file is as large
    /// as lint measures it (APNs counts the bytes sent; the phone reads the same JSON).
    ///
    /// Assumes valid JSON (checked before), in which white space only separates tokens.
    var withoutJSONWhitespace: Data {
        var result = Data(capacity: count)
        var inString = false
        var escaped = false
        for byte in self {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                continue
            }
            result.append(byte)
        }
        return result
    }
}
