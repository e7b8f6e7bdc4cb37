import Foundation
import HeraldCore

extension ExtensionChecks {
    /// What a notification service extension needs of its own, and what it shares with its app,
    /// as signed.
    mutating func runSignedService(_ service: SignedBundle, app: SignedBundle) {
        let name = service.name
        let entitlements = service.signature.entitlements ?? [:]
        let appEntitlements = app.signature.entitlements ?? [:]
        add(.serviceExtension, .ok, name, "is a notification service extension")
        if let principal = service.info["NSExtension"]?["NSExtensionPrincipalClass"]?.stringValue, !principal.isEmpty {
            add(.principalClass, .ok, name, "principal class \(principal)")
        } else {
            add(.principalClass, .error, name, "its built Info.plist's NSExtension has no NSExtensionPrincipalClass, so iOS has no class to start",
                fix: "Set NSExtension › NSExtensionPrincipalClass to $(PRODUCT_MODULE_NAME).NotificationService (your subclass), and build again.")
        }
        add(.embedded, .ok, name, "embedded in \(app.name)")
        let herald = service.info["Herald"].map { HeraldSettings($0, expand: { $0 }) }
        if let written = service.info["MinimumOSVersion"]?.stringValue {
            let appVersion = app.info["MinimumOSVersion"]?.stringValue.map { (app.name, $0) }
            checkDeploymentTarget(written, of: name, app: appVersion, floorIsHerald: herald != nil)
        }
        if let herald { checkHeraldSettings(herald, name) }
        // An unsigned bundle claims no entitlements: code-signature says so, and the groups
        // and filtering it would claim are not judged.
        guard service.signature.isSigned, app.signature.isSigned else { return }
        for (check, key, setting) in [
            (DoctorCheck.appGroup, "com.apple.security.application-groups", "AppGroup"), (.keychainGroup, "keychain-access-groups", "KeychainGroup"),
        ] {
            checkGroups(
                check, settingKey: setting, herald: herald, service: name, serviceGroups: entitlements[key]?.strings ?? [], app: app.name,
                appGroups: appEntitlements[key]?.strings ?? [])
        }
        checkFiltering(herald, name, entitlements: entitlements)
    }

    /// The bundle's executable is signed, and with entitlements.
    mutating func checkSignature(_ bundle: SignedBundle) {
        if !bundle.signature.isSigned {
            add(.codeSignature, .error, bundle.name, "its executable is not signed (or not for every architecture in it), so iOS does not run it",
                fix: "Build for a device with signing on (Signing & Capabilities › Automatically manage signing, or a distribution export).")
        } else if bundle.signature.entitlements == nil {
            add(.codeSignature, .warning, bundle.name, "its code signature claims no entitlements, so it has no capability at all",
                fix: "Give the target an entitlements file (CODE_SIGN_ENTITLEMENTS) with its capabilities, and sign again.")
        } else if bundle.signature.slices.contains(where: { $0.isSigned && !$0.hasDEREntitlements }), bundle.profile?.kind != .appStore {
            // Apple, "Using the latest code signature format": from iOS 15 a build signed
            // without the DER form of its entitlements does not launch, unless the App Store
            // re-signed it (which an App Store profile's build will be).
            add(.codeSignature, .warning, bundle.name,
                "its signature has the entitlements only as a property list, without their DER form: Apple says iOS 15 and later do not launch such a build unless the App Store re-signed it",
                fix: "Sign it again with Xcode 12.5 or later (or codesign --generate-entitlement-der).")
        } else {
            add(.codeSignature, .ok, bundle.name, "signed, with entitlements")
        }
    }

    /// The bundle's embedded profile: there, not expired, for its bundle id, and granting each
    /// entitlement its signature claims that communication notifications depend on.
    mutating func checkProfile(of bundle: SignedBundle, in form: SignedBuild.Form, now: Date) {
        guard let profile = bundle.profile else {
            add(.provisioningProfile, .info, bundle.name,
                "has no embedded.mobileprovision (an App Store or TestFlight download): what its signature claims is checked, not what a profile grants")
            return
        }
        guard checkExpiry(profile, name: bundle.name, resigned: form == .xcarchive, now: now) else { return }
        var failed = false
        // `TEAMID.com.example.chat`, or a wildcard App ID's `TEAMID.*` / `TEAMID.com.example.*`.
        if let granted = profile.applicationIdentifier, let id = bundle.bundleIdentifier,
            let prefix = granted.split(separator: ".", maxSplits: 1).first, !Self.grants(.string(granted), .string("\(prefix).\(id)"))
        {
            failed = true
            add(.provisioningProfile, .error, bundle.name,
                "its \(profile.kind) profile \(Self.describe(profile)) is for the App ID \(granted), not \(id): iOS refuses to install it",
                fix: "Sign \(bundle.name) with a profile for its own App ID, \(prefix).\(id) (each extension has its own), or let Xcode manage signing.")
        }
        var problems: [String] = []
        let claimed = bundle.signature.entitlements ?? [:]
        for key in Doctor.grantedEntitlements {
            guard let value = claimed[key] else { continue }
            if let allowed = profile.entitlements[key], Self.grants(allowed, value) { continue }
            let allows = profile.entitlements[key].map { " (it grants \(Self.describe($0)))" } ?? ""
            problems.append("does not grant \(key) = \(Self.describe(value)), which the signature claims\(allows)")
        }
        if problems.isEmpty {
            guard !failed else { return }
            add(.provisioningProfile, .ok, bundle.name, "\(profile.kind) profile \(Self.describe(profile)) grants what the signature claims")
        } else {
            for problem in problems {
                add(.provisioningProfile, .error, bundle.name, "its \(profile.kind) profile \(Self.describe(profile)) \(problem): iOS refuses to install it",
                    fix: "Regenerate the profile with this capability on the App ID (Certificates, Identifiers & Profiles), or let Xcode manage signing, and sign again.")
            }
        }
    }

    /// An extension's profile is its app's team's: iOS installs an app only with extensions
    /// signed by the same team.
    mutating func checkTeam(of bundle: SignedBundle, app: SignedBundle) {
        guard let team = bundle.profile?.teamIdentifiers.first, let appTeam = app.profile?.teamIdentifiers.first, team != appTeam else { return }
        add(.provisioningProfile, .error, bundle.name, "is signed for the team \(team), \(app.name) for \(appTeam): iOS installs an app only with its own team's extensions",
            fix: "Sign the extension with \(appTeam)'s profile (the app target's team on the extension target too).")
    }

    /// A provisioning profile given alone: whether it has expired, and what it grants that
    /// communication notifications need.
    mutating func checkProfileAlone(_ profile: ProvisioningProfile, name: String, now: Date) {
        guard checkExpiry(profile, name: name, resigned: false, now: now) else { return }
        let until = profile.expirationDate.map { ", until \(Self.day($0))" } ?? ""
        add(.provisioningProfile, .ok, name, "\(profile.kind) profile \(Self.describe(profile)) for the App ID \(profile.applicationIdentifier ?? "(none)")\(until)")
        // A wildcard App ID (`TEAMID.*`) can have neither capability: only an explicit one can.
        let wildcard = profile.applicationIdentifier?.hasSuffix("*") == true
        let explicitNeeded = wildcard ? " (a wildcard App ID cannot have it: the app needs a profile for its own explicit App ID)" : ""
        let granted = profile.entitlements
        if granted[Doctor.communicationEntitlement] == .bool(true) {
            add(.communicationCapability, .ok, name, "grants the Communication Notifications capability")
        } else {
            add(.communicationCapability, .warning, name,
                "does not grant \(Doctor.communicationEntitlement): an app signed with it cannot claim the capability (an extension's profile does not need it)\(explicitNeeded)",
                fix: "Turn on Communication Notifications for the app's explicit App ID in Certificates, Identifiers & Profiles, then regenerate the profile.")
        }
        if let environment = granted["aps-environment"]?.stringValue {
            add(.apsEnvironment, .ok, name, "grants aps-environment \(environment)")
        } else {
            add(.apsEnvironment, .warning, name, "grants no aps-environment: an app signed with it gets no device token (an extension's profile does not need it)\(explicitNeeded)",
                fix: "Turn on Push Notifications for the app's explicit App ID, then regenerate the profile.")
        }
    }

    /// Says whether the profile has expired (an error) or soon will (a warning); `false` when it
    /// has, since nothing else about it matters then.
    ///
    /// - Parameter resigned: the build is signed again when exported (an `.xcarchive`), so an
    ///   expired profile stops only the export as it is.
    private mutating func checkExpiry(_ profile: ProvisioningProfile, name: String, resigned: Bool, now: Date) -> Bool {
        guard let expiry = profile.expirationDate else { return true }
        let day = Self.day(expiry)
        if profile.isExpired(at: now), resigned {
            add(.provisioningProfile, .warning, name,
                "its \(profile.kind) profile \(Self.describe(profile)) expired on \(day): exporting the archive signs it again, which needs a current profile",
                fix: "Renew the profile (Xcode does it with automatic signing) before exporting.")
            return false
        } else if profile.isExpired(at: now), profile.kind == .appStore {
            // Apple re-signs what the App Store and TestFlight deliver: the copies on phones do
            // not depend on this profile, only an upload of this build does.
            add(.provisioningProfile, .warning, name,
                "its \(profile.kind) profile \(Self.describe(profile)) expired on \(day): copies Apple re-signed for the App Store or TestFlight are not affected, but sign with a current profile before uploading",
                fix: "Renew the profile (Xcode does it with automatic signing) and export the build again.")
            return false
        } else if profile.isExpired(at: now) {
            add(.provisioningProfile, .error, name, "its \(profile.kind) profile \(Self.describe(profile)) expired on \(day): iOS no longer launches what it signs",
                fix: "Renew the profile (Xcode does it with automatic signing) and sign the build again.")
            return false
        }
        if expiry.timeIntervalSince(now) < 14 * 86_400 {
            add(.provisioningProfile, .warning, name, "its \(profile.kind) profile \(Self.describe(profile)) expires on \(day), within two weeks",
                fix: "Renew the profile and sign a new build before then.")
        }
        return true
    }

    /// `"Name" (TEAMID)`, how findings name a profile.
    private static func describe(_ profile: ProvisioningProfile) -> String {
        let team = profile.teamIdentifiers.first.map { " (\($0))" } ?? ""
        return "\"\(profile.name ?? profile.uuid ?? "unnamed")\"\(team)"
    }

    /// An entitlement's value as findings write it: a list of strings in brackets.
    private static func describe(_ value: PropertyList) -> String {
        guard case .array = value, let strings = value.strings else { return value.summary }
        return "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    /// Whether a profile's entitlement value `allowed` lets a signature claim `claimed`: the
    /// same value; `*`, or a string ending in `*` (`TEAMID.*`) for every string it starts; an
    /// array for each of its elements; and `false` always.
    static func grants(_ allowed: PropertyList, _ claimed: PropertyList) -> Bool {
        switch (allowed, claimed) {
        case (_, .bool(false)): return true
        case (.array(let values), .array(let claims)): return claims.allSatisfy { claim in values.contains { grants($0, claim) } }
        case (.array(let values), _): return values.contains { grants($0, claimed) }
        case (.string(let pattern), .array(let claims)): return claims.allSatisfy { grants(.string(pattern), $0) }
        case (.string(let pattern), .string(let value)) where pattern.hasSuffix("*"): return value.hasPrefix(pattern.dropLast())
        default: return allowed == claimed
        }
    }
}
