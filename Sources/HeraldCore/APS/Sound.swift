/// `aps.sound`: a sound file name, or the critical-alert dictionary.
public struct Sound: Hashable, Sendable {
    /// The sound file in the app bundle, or `default`; `nil` when a dictionary gave none.
    public var name: String?
    /// Whether this is a critical alert sound (`critical: 1`), which needs Apple's entitlement.
    public var isCritical: Bool
    /// Critical alert volume, 0...1, as the payload gives it.
    public var volume: Double?

    /// The volume a critical sound plays at: ``volume`` clamped to 0...1 as Apple takes it, or
    /// `nil` (full volume) when the payload gives none.
    public var playedVolume: Double? {
        volume.map { min(max($0, 0), 1) }
    }

    /// - Parameters:
    ///   - name: file name or `default`.
    ///   - isCritical: critical alert; default false.
    ///   - volume: critical volume 0...1; default none.
    public init(name: String?, isCritical: Bool = false, volume: Double? = nil) {
        self.name = name
        self.isCritical = isCritical
        self.volume = volume
    }
}
