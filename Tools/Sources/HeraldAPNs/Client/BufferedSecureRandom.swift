import Foundation

/// The system's secure random numbers, read 4 KiB at a time.
///
/// `SystemRandomNumberGenerator` makes a `getrandom` system call for every 8 bytes on Linux
/// (swift-crypto's `SymmetricKey(size:)` draws through it too), so two per `apns-id`: 3% of the
/// client's CPU in a batch (docs/benchmarks.md). This reads 512 numbers with one `read` of
/// `/dev/urandom`, the kernel's same generator, and hands them out in turn. Where that file
/// cannot be opened (a sandbox or a chroot without it) it uses `SystemRandomNumberGenerator`,
/// which is as secure, only slower. Not for secrets: the numbers wait in ordinary memory.
struct BufferedSecureRandom: RandomNumberGenerator {
    private static let count = 512
    private let source = FileHandle(forReadingAtPath: "/dev/urandom")
    private var numbers: [UInt64] = []
    private var position = 0
    private var system = SystemRandomNumberGenerator()

    mutating func next() -> UInt64 {
        if position == numbers.count {
            position = 0
            numbers = []
            guard let bytes = try? source?.read(upToCount: Self.count * 8), bytes.count == Self.count * 8 else { return system.next() }
            numbers = bytes.withUnsafeBytes { raw in (0..<Self.count).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } }
        }
        defer { position += 1 }
        return numbers[position]
    }
}
