extension Layout {
    /// Picks the built-in layout a payload was written with, from the markers each provider's
    /// delivery adds.
    ///
    /// - Parameter payload: the whole payload (`userInfo`).
    /// - Returns: the layout and, for a person, the marker that decided it.
    public static func detect(in payload: JSONValue) -> (layout: Layout, reason: String) {
        detect(in: payload, digest: MemberDigest(payload))
    }

    /// ``detect(in:)`` with the payload's digest made beforehand, which rules out most markers
    /// without a lookup.
    static func detect(in payload: JSONValue, digest: MemberDigest) -> (layout: Layout, reason: String) {
        let members = payload.objectValue ?? [:]
        func member(_ key: String) -> JSONValue? { digest.member(key, of: payload) }
        if member("notifee_options") != nil {
            return (.notifee, "notifee_options is present")
        }
        if let custom = member("custom"), custom["i"] != nil || custom["a"] != nil {
            return (.oneSignal, "custom.\(custom["i"] != nil ? "i" : "a") is present (OneSignal classic)")
        }
        if member("os_data") != nil {
            return (.oneSignal, "os_data is present (OneSignal)")
        }
        if let key = ["experienceId", "scopeKey"].first(where: { member($0) != nil }) {
            return (.expo, "\(key) is present (Expo push service)")
        }
        if member("gcm.message_id") != nil {
            return (.fcm, "gcm.message_id is present")
        }
        if let key = members.keys.filter({ $0.hasPrefix("google.c.") || $0 == "fcm_options" }).min() {
            return (.fcm, "\(key) is present")
        }
        return (.apns, "no provider marker found, so custom data is read from top-level keys")
    }

    /// Whether a top-level key is one ``detect(in:)`` reads, or `custom`, where OneSignal's data
    /// may start: adding one to a payload can change which layout reads it, or from where.
    public static func isProviderMarker(_ key: String) -> Bool {
        ["notifee_options", "custom", "os_data", "experienceId", "scopeKey", "gcm.message_id", "fcm_options"].contains(key) || key.hasPrefix("google.c.")
    }
}
