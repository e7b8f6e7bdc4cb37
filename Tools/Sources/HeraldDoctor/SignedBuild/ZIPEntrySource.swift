/// An entry of a ZIP archive read by parts: a stored one where it lies in the archive, a
/// deflated one inflated as it is read.
///
/// A deflated entry can only be read front to back: it keeps the bytes of its last read (and
/// any inflated beyond them), so a read may start anywhere from the start of the last one on;
/// one that starts earlier is an error. What lies between two reads is inflated and dropped,
/// so an executable of hundreds of megabytes costs the memory of the parts read.
struct ZIPEntrySource<Archive: ByteSource>: ByteSource {
    /// The size the entry's directory entry declares.
    var count: Int { entry.size }
    private var archive: Archive
    /// Where the entry's (compressed) data lies in the archive.
    private let data: Range<Int>
    private let entry: ZIPEntry
    private let budget: InflateBudget
    /// For a deflated entry: the inflater, the next compressed byte to feed it, what it has
    /// inflated and kept (from `keptStart` to `inflated`), and whether its stream has ended.
    private var inflater: Inflater?
    private var fed = 0
    private var kept: [UInt8] = []
    private var keptStart = 0
    private var inflated = 0
    private var ended = false

    /// The bytes fed to the inflater at a time, and the most it inflates at a time.
    private static var chunk: Int { 64 << 10 }

    init(archive: Archive, data: Range<Int>, entry: ZIPEntry, budget: InflateBudget) {
        self.archive = archive
        self.data = data
        self.entry = entry
        self.budget = budget
    }

    mutating func read(_ range: Range<Int>) throws(DoctorError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw DoctorError(file: nil, reason: "bytes \(range.lowerBound)..<\(range.upperBound) lie past the end of its \(count) bytes")
        }
        guard entry.method == 8 else { return try archive.read((data.lowerBound + range.lowerBound)..<(data.lowerBound + range.upperBound)) }
        guard range.lowerBound >= keptStart else {
            throw DoctorError(
                file: nil,
                reason: "not read: its parts are out of order (byte \(range.lowerBound) after byte \(keptStart)), and a deflated entry is read front to back")
        }
        while inflated < range.upperBound {
            let more = try inflate(atMost: range.upperBound - inflated)
            if inflated <= range.lowerBound {
                // Not yet at the range: inflated and dropped.
                inflated += more.count
                keptStart = min(inflated, range.lowerBound)
                kept = inflated > range.lowerBound ? Array(more.suffix(inflated - range.lowerBound)) : []
            } else {
                inflated += more.count
                kept += more
            }
        }
        kept.removeFirst(range.lowerBound - keptStart)
        keptStart = range.lowerBound
        return Array(kept.prefix(range.count))
    }

    /// Checks, after the whole entry was read, that its data ends there: no byte more, nor
    /// compressed data left over.
    ///
    /// - Throws: ``DoctorError`` when the entry inflates to more than it declares.
    mutating func finish() throws(DoctorError) {
        guard entry.method == 8, !ended else { return }
        guard try inflate(atMost: 1).isEmpty, ended else {
            throw DoctorError(file: nil, reason: "its data inflates to more than the \(count) bytes its directory entry declares")
        }
    }

    /// Up to `most` more inflated bytes (at least one), counted against the archive's budget.
    private mutating func inflate(atMost most: Int) throws(DoctorError) -> [UInt8] {
        if inflater == nil { inflater = try Inflater() }
        guard let inflater else { return [] }
        while true {
            guard !ended else {
                guard inflated >= count else {
                    throw DoctorError(file: nil, reason: "its data inflates to \(inflated) bytes, fewer than the \(count) its directory entry declares")
                }
                return []
            }
            guard budget.remaining > 0 else {
                throw DoctorError(file: nil, reason: "not read: inflating it passes the \(ZIPArchive<Archive>.maximumInflated >> 30) GiB herald doctor inflates from one archive")
            }
            let input = fed < data.count ? try archive.read((data.lowerBound + fed)..<(data.lowerBound + min(data.count, fed + Self.chunk))) : []
            let step = try inflater.inflate(input, capacity: min(most, Self.chunk, budget.remaining))
            fed += step.consumed
            ended = step.ended
            budget.remaining -= step.output.count
            if !step.output.isEmpty { return step.output }
            guard step.ended || step.consumed > 0 else {
                throw DoctorError(file: nil, reason: "its deflated data ends too soon (after \(fed) of \(data.count) bytes, \(inflated) inflated)")
            }
        }
    }
}
