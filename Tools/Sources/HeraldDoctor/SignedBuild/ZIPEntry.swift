/// One file of a ZIP archive, as its central directory describes it.
struct ZIPEntry: Hashable, Sendable {
    /// The path inside the archive, `/`-separated: `Payload/Chat.app/Info.plist`.
    let name: String
    /// 0 stored, 8 deflated; any other method is refused when the entry is read.
    let method: Int
    /// The general-purpose flags; bit 0 is encryption.
    let flags: Int
    let crc32: UInt32
    let compressedSize: Int
    /// The size its directory entry declares; reading checks the data against it.
    let size: Int
    let localHeaderOffset: Int
    /// Made on Unix with the mode of a symbolic link: its content is a path, never followed.
    let isSymbolicLink: Bool

    var isEncrypted: Bool { flags & 1 != 0 }
}
