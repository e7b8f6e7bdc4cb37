import Foundation

/// The shape of a binary property list (`bplist00`), read from its tables without building a
/// value.
///
/// A binary list refers to its objects by number, so one array can stand in a thousand places
/// and an array of two references to the array before it, forty times over, stands for 2^40
/// values in a file of 200 bytes. Foundation follows every reference, so such a file must be
/// refused before Foundation reads it.
enum BinaryPropertyList {
    /// How many values the list stands for with every reference followed (a dictionary's keys
    /// count too), or `limit + 1` as soon as that is known to be more than `limit`.
    ///
    /// - Returns: `nil` when the tables do not describe a list: a reference out of range, a
    ///   count past the end of the file, an object that contains itself.
    static func valueCount(in data: Data, limit: Int) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 32 else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let objectCount = integer(bytes, at: trailer + 8, size: 8), let top = integer(bytes, at: trailer + 16, size: 8),
            let table = integer(bytes, at: trailer + 24, size: 8),
            top < objectCount, table <= trailer, objectCount <= (trailer - table) / offsetSize
        else { return nil }

        /// The objects an array, set or dictionary refers to; none for any other object.
        func references(of object: Int) -> [Int]? {
            guard let offset = integer(bytes, at: table + object * offsetSize, size: offsetSize), offset < trailer else { return nil }
            let kind = bytes[offset] >> 4
            guard [0xA, 0xB, 0xC, 0xD].contains(kind) else { return [] }
            var start = offset + 1
            var count = Int(bytes[offset] & 0x0F)
            if count == 0x0F {
                // The count follows as an integer object: 0x1N and 2^N bytes.
                guard start < trailer, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F < 4,
                    let written = integer(bytes, at: start + 1, size: 1 << Int(bytes[start] & 0x0F))
                else { return nil }
                start += 1 + (1 << Int(bytes[start] & 0x0F))
                count = written
            }
            guard start <= trailer, count <= (trailer - start) / referenceSize / (kind == 0xD ? 2 : 1) else { return nil }
            var result: [Int] = []
            for index in 0..<(kind == 0xD ? 2 * count : count) {
                guard let reference = integer(bytes, at: start + index * referenceSize, size: referenceSize), reference < objectCount else { return nil }
                result.append(reference)
            }
            return result
        }

        // Depth first without recursion: `counts` holds each finished object's count, `open`
        // the objects on the path, to tell a cycle.
        var counts = [Int](repeating: 0, count: objectCount)
        var open = [Bool](repeating: false, count: objectCount)
        var path: [(object: Int, references: [Int], next: Int)] = []
        guard let first = references(of: top) else { return nil }
        open[top] = true
        path.append((top, first, 0))
        while var step = path.popLast() {
            guard step.next < step.references.count else {
                open[step.object] = false
                counts[step.object] = step.references.reduce(1) { min(limit + 1, $0 + counts[$1]) }
                if counts[step.object] > limit { return limit + 1 }
                continue
            }
            let child = step.references[step.next]
            step.next += 1
            path.append(step)
            guard counts[child] == 0 else { continue }
            guard !open[child], let references = references(of: child) else { return nil }
            open[child] = true
            path.append((child, references, 0))
        }
        return counts[top]
    }

    /// The big-endian unsigned integer of `size` bytes at `start`, when it is in the file and
    /// fits in an `Int`.
    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, size <= bytes.count, start <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
