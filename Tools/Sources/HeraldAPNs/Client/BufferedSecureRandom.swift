import Foundation

/// The system's secure random numbers, read 4 KiB at a time; the client's batches and the
/// emulator's answers draw their ids from it.
///
/// `SystemRandomNumberGenerator` makes a `getrandom` system call for every 8 bytes on Linux
/// (swift-crypto's `SymmetricKey(size:)` draws through it too), so two per `apns-id`: 3% of the
/// client's CPU in a batch (docs/benchmarks.md). This reads 512 numbers at once from
/// `/dev/urandom`, the kernel's same generator (opened and closed each time, so no descriptor
/// is held), and hands them out in turn. Where that file cannot be read (a sandbox or a chroot
/// without it) it uses `SystemRandomNumberGenerator`, which is as secure, only slower. Not for
/// secrets: the numbers wait in ordinary memory.
package struct BufferedSecureRandom: RandomNumberGenerator, Sendable {
    private static let count = 512
    private var numbers: [UInt64] = []
    private var position = 0
    private var system = SystemRandomNumberGenerator()
    /// Set once `/dev/urandom` could not be read: not tried again on every draw.
    private var sourceFailed = false

    package init() {}

    package mutating func next() -> UInt64 {
        if position == numbers.count {
            guard !sourceFailed else { return system.next() }
            position = 0
            numbers = []
            // Opened per draw, not held: the emulator keeps one of these per connection.
            guard let bytes = try? FileHandle(forReadingAtPath: "/dev/urandom")?.read(upToCount: Self.count * 8), bytes.count == Self.count * 8 else {
                sourceFailed = true
                return system.next()
            }
            numbers = bytes.withUnsafeBytes { raw in (0..<Self.count).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } }
        }
        defer { position += 1 }
        return numbers[position]
    }
}
