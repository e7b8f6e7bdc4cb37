import Foundation

/// The entitlements an executable's code signature claims: what iOS grants the app or
/// extension, whatever its project's `.entitlements` file said.
///
/// Read from the Mach-O file by ``MachOFile``, one ``Slice`` per architecture (a universal
/// file has several, each signed on its own). A slice with no `LC_CODE_SIGNATURE` load command
/// is unsigned, which is an answer, not an error: a Simulator build, or a build before
/// signing.
public struct CodeSignature: Hashable, Sendable {
    /// One architecture's signature.
    public struct Slice: Hashable, Sendable {
        /// The architecture, as `lipo` names it: `arm64`, `arm64e`, `armv7`, `x86_64`, …, or
        /// `cpu type N` for one this reader does not name.
        public let architecture: String
        /// Whether the slice has a code signature (`LC_CODE_SIGNATURE`).
        public let isSigned: Bool
        /// The entitlements blob's property list (slot 5, `CSMAGIC_EMBEDDED_ENTITLEMENTS`):
        /// `nil` when the slice is unsigned or its signature claims no entitlements.
        public let entitlements: [String: PropertyList]?
        /// Whether the signature also holds the DER form of the entitlements (slot 7,
        /// `CSMAGIC_EMBEDDED_DER_ENTITLEMENTS`). From iOS 15 an app signed without it does not
        /// launch, unless the App Store re-signed it (Apple, "Using the latest code signature
        /// format", https://developer.apple.com/documentation/xcode/using-the-latest-code-signature-format);
        /// `codesign` from Xcode 12.5 on writes it. Only its presence is read.
        public let hasDEREntitlements: Bool

        /// A slice as read; for tests and callers that build one.
        public init(architecture: String, isSigned: Bool, entitlements: [String: PropertyList]?, hasDEREntitlements: Bool) {
            self.architecture = architecture
            self.isSigned = isSigned
            self.entitlements = entitlements
            self.hasDEREntitlements = hasDEREntitlements
        }
    }

    /// The architectures, in the order of their offsets in the file.
    public let slices: [Slice]

    /// Whether every architecture is signed (false for a file with none).
    public var isSigned: Bool { !slices.isEmpty && slices.allSatisfy(\.isSigned) }

    /// The entitlements of the first signed architecture; `nil` when none is signed or it
    /// claims none. The architectures of one build are signed together and claim the same; a
    /// check that must be sure compares ``slices``.
    public var entitlements: [String: PropertyList]? { slices.first(where: \.isSigned)?.entitlements }

    public init(slices: [Slice]) {
        self.slices = slices
    }

    /// Reads a Mach-O executable's bytes: thin or universal, 32- or 64-bit, either byte order.
    ///
    /// - Parameter data: the whole file.
    /// - Throws: ``DoctorError`` naming no file (the caller knows it): not a Mach-O file, or an
    ///   offset, a length or a count in it that points past the end or past a limit, or an
    ///   entitlements blob that is not a property-list dictionary.
    public init(reading data: Data) throws(DoctorError) {
        var source = MemoryBytes(bytes: Array(data))
        self = try MachOFile.signature(of: &source)
    }
}
