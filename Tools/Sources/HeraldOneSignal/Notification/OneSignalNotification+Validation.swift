import HeraldSending

extension OneSignalNotification {
    /// OneSignal's limit on `data`, in bytes of compact JSON.
    public static let maximumDataByteCount = 2048
    /// OneSignal's (and APNs's) limit on `collapse_id`, in UTF-8 bytes (``APNSCollapseID/maximumByteCount``).
    public static let maximumCollapseIDByteCount = APNSCollapseID.maximumByteCount

    /// Checks the request against OneSignal's documented limits, so a request OneSignal would
    /// refuse is refused here, with a reason, before anything is sent.
    ///
    /// - Throws: ``OneSignalError`` with ``OneSignalError/Code/missingAppID``,
    ///   ``OneSignalError/Code/noTargets``, ``OneSignalError/Code/tooManyTargets`` (more than
    ///   2000), ``OneSignalError/Code/missingContents`` (no non-empty `en` text),
    ///   ``OneSignalError/Code/invalidData`` (not an object, or over 2048 bytes),
    ///   ``OneSignalError/Code/collapseIDTooLong`` (over 64 bytes),
    ///   ``OneSignalError/Code/invalidRelevanceScore``, ``OneSignalError/Code/invalidBadge``,
    ///   ``OneSignalError/Code/unknownInterruptionLevel`` or
    ///   ``OneSignalError/Code/invalidTimeToLive``.
    public func validate() throws(OneSignalError) {
        if appID.allSatisfy(\.isWhitespace) {
            throw OneSignalError(.missingAppID, "the notification has no OneSignal app id")
        }
        if targeting.ids.isEmpty {
            throw OneSignalError(.noTargets, "the notification targets no subscription or user")
        }
        if targeting.ids.count > OneSignalTargeting.maximumCount {
            throw OneSignalError(
                .tooManyTargets,
                "\(targeting.ids.count) targets, but OneSignal takes at most \(OneSignalTargeting.maximumCount) per request; split them with batches(ofAtMost:)")
        }
        if contents["en"]?.isEmpty ?? true {
            throw OneSignalError(.missingContents, "contents has no English (\"en\") text, which OneSignal requires")
        }
        if data.objectValue == nil {
            throw OneSignalError(.invalidData, "data is a JSON \(data.typeName), but OneSignal takes an object")
        }
        let dataBytes = data.encodedByteCount
        if dataBytes > Self.maximumDataByteCount {
            throw OneSignalError(
                .invalidData,
                "data is \(dataBytes) bytes, over OneSignal's \(Self.maximumDataByteCount); send attachments as ios_attachments or shorten the message's fields")
        }
        if let collapseID, collapseID.utf8.count > Self.maximumCollapseIDByteCount {
            throw OneSignalError(.collapseIDTooLong, "collapse id is \(collapseID.utf8.count) bytes, over \(Self.maximumCollapseIDByteCount)")
        }
        if let badge, badge < 0 {
            throw OneSignalError(.invalidBadge, "badge \(badge) is negative; a badge is a count of unread items, and 0 clears it")
        }
        if let relevanceScore, !(relevanceScore.isFinite && (0...1).contains(relevanceScore)) {
            throw OneSignalError(.invalidRelevanceScore, "relevance score \(relevanceScore) is outside 0...1")
        }
        if let interruptionLevel, !interruptionLevel.isKnown {
            throw OneSignalError(.unknownInterruptionLevel, "interruption level \"\(interruptionLevel.rawValue)\" is not passive, active, time-sensitive or critical")
        }
        if let timeToLive, timeToLive < .zero {
            throw OneSignalError(.invalidTimeToLive, "time to live \(timeToLive) is negative")
        }
    }
}
