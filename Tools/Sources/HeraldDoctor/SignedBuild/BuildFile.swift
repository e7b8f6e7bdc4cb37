import Foundation

/// A file of a signed build read by parts: an .ipa, whose directory is at its end, or an
/// executable, of which only the load commands and the code signature matter, however large it
/// is.
///
/// It is opened as every file doctor reads is (``ProjectFile/handle(to:in:)``: inside the folder
/// it was given, a regular file, no link followed), and its size is the one it had then: a read
/// past it is refused as past the end, and one the file no longer holds (it shrank) is an error.
struct BuildFile: ByteSource {
    let url: URL
    let count: Int
    private let handle: FileHandle

    /// Opens the file at `url`, which must be inside `root`.
    ///
    /// - Throws: ``DoctorError`` naming the file, as ``ProjectFile/handle(to:in:)`` does.
    init(_ url: URL, in root: ProjectRoot) throws(DoctorError) {
        self.url = url
        (handle, count) = try ProjectFile.handle(to: url, in: root)
    }

    func read(_ range: Range<Int>) throws(DoctorError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw DoctorError(file: nil, reason: "bytes \(range.lowerBound)..<\(range.upperBound) lie past the end of the file (\(count) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(handle.fileDescriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                let why = got < 0 ? String(cString: strerror(errno)) : "the file ends at byte \(range.lowerBound + done): it shrank while read"
                throw DoctorError(file: nil, reason: "cannot read it (\(why))")
            }
            done += got
        }
        return bytes
    }
}
