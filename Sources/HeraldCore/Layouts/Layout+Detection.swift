extension Layout {
    /// Picks the built-in layout a payload was written with, from the markers each provider's
    /// delivery adds.
    ///
    /// - Parameter payload: the whole payload (`userInfo`).
    /// - Returns: the layout and, for a person, the marker that decided it.
    public static func detect(in payload: JSONValue) -> (layout: Layout, reason: String) {
        let members = payload.objectValue ?? [:]
        if members["notifee_options"] != nil {
            return (.notifee, "notifee_options is present")
        }
        if let custom = members["custom"], custom["i"] != nil || custom["a"] != nil {
            return (.oneSignal, "custom.\(custom["i"] != nil ? "i" : "a") is present (OneSignal classic)")
        }
        if members["os_data"] != nil {
            return (.oneSignal, "os_data is present (OneSignal)")
        }
        if let key = ["experienceId", "scopeKey"].first(where: { members[$0] != nil }) {
            return (.expo, "\(key) is present (Expo push service)")
        }
        if members["gcm.message_id"] != nil {
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
