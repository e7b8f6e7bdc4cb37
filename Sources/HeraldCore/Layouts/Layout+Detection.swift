extension Layout {
    /// Picks the built-in layout a payload was written with, from the markers each provider's
    /// delivery adds.
    ///
    /// - Parameter payload: the whole payload (`userInfo`).
    /// - Returns: the layout and, for a person, the marker that decided it.
    public static func detect(in payload: JSONValue) -> (layout: Layout, reason: String) {
        let detected = detect(in: payload, digest: MemberDigest(payload))
        return (detected.layout, String(detected.message.dropFirst(detectedPrefix(detected.layout).count)))
    }

    /// ``detect(in:)`` with the payload's digest made beforehand, which rules out most markers
    /// without a lookup.
    ///
    /// - Returns: the layout, and the ``Decision/Code/layoutDetected`` decision's message:
    ///   ``detectedPrefix(_:)`` and then the reason. Most are written out whole, so that a
    ///   preview builds no string for them.
    static func detect(in payload: JSONValue, digest: MemberDigest) -> (layout: Layout, message: String) {
        func member(_ key: String) -> JSONValue? { digest.member(key, of: payload) }
        if member("notifee_options") != nil {
            return (.notifee, "layout notifee: notifee_options is present")
        }
        if let custom = member("custom"), custom["i"] != nil || custom["a"] != nil {
            return (.oneSignal, custom["i"] != nil
                ? "layout onesignal: custom.i is present (OneSignal classic)"
                : "layout onesignal: custom.a is present (OneSignal classic)")
        }
        if member("os_data") != nil {
            return (.oneSignal, "layout onesignal: os_data is present (OneSignal)")
        }
        if member("experienceId") != nil {
            return (.expo, "layout expo: experienceId is present (Expo push service)")
        }
        if member("scopeKey") != nil {
            return (.expo, "layout expo: scopeKey is present (Expo push service)")
        }
        if member("gcm.message_id") != nil {
            return (.fcm, "layout fcm: gcm.message_id is present")
        }
        if let key = payload.objectValue?.keys.filter({ $0.hasPrefix("google.c.") || $0 == "fcm_options" }).min() {
            return (.fcm, detectedPrefix(.fcm) + key + " is present")
        }
        return (.apns, "layout apns: no provider marker found, so custom data is read from top-level keys")
    }

    /// How the message of a ``Decision/Code/layoutDetected`` decision starts: `layout fcm: `.
    static func detectedPrefix(_ layout: Layout) -> String {
        "layout \(layout.name): "
    }

    /// Whether a top-level key is one ``detect(in:)`` reads, or `custom`, where OneSignal's data
    /// may start: adding one to a payload can change which layout reads it, or from where.
    public static func isProviderMarker(_ key: String) -> Bool {
        ["notifee_options", "custom", "os_data", "experienceId", "scopeKey", "gcm.message_id", "fcm_options"].contains(key) || key.hasPrefix("google.c.")
    }
}
