import Foundation
import HeraldCore

extension ExtensionChecks {
    /// App Groups or keychain groups: the extension's must be the app's too, and the one its
    /// `Herald` dictionary names must be in both.
    mutating func checkGroups(
        _ check: DoctorCheck, entitlement: String, settingKey: String, herald: HeraldSettings?, _ service: inout ResolvedTarget,
        app: inout ResolvedTarget
    ) {
        let start = findings.count
        let written = { (target: ResolvedTarget) in target.entitlements?[entitlement]?.strings ?? [] }
        let settingWritten = herald?.written[settingKey]?.stringValue.map { [$0] } ?? []
        checkGroups(
            check, settingKey: settingKey, herald: herald, service: service.target.name, serviceGroups: service.entitlementStrings(entitlement),
            app: app.target.name, appGroups: app.entitlementStrings(entitlement))
        noteEmptied(service.emptied(in: written(service) + settingWritten).union(app.emptied(in: written(app))), since: start, targets: [service, app])
    }

    /// The groups of the extension `service` against those of its app `app`, as the
    /// entitlements give them with build settings put in.
    mutating func checkGroups(
        _ check: DoctorCheck, settingKey: String, herald: HeraldSettings?, service: String, serviceGroups: [String], app: String, appGroups: [String]
    ) {
        let kind = check == .appGroup ? "App Group" : "keychain group"
        let capability = check == .appGroup ? "App Groups" : "Keychain Sharing"
        var failed = false
        if let wanted = herald?.string(settingKey) {
            let consequence = check == .appGroup
                ? "the avatar cache, the unread count and what the extension shares with the app stay the extension's own" : "Herald cannot read the decryption keys or the content token"
            if !serviceGroups.contains(wanted) {
                failed = true
                // A keychain group without its team prefix, which the entitlements have.
                let prefixed = serviceGroups.first { $0.hasSuffix("." + wanted) || $0 == "$(AppIdentifierPrefix)" + wanted }
                add(check, .error, service, "Herald.\(settingKey) is \(wanted), which the extension's entitlements do not list: \(consequence)",
                    fix: prefixed.map { _ in "Write Herald.\(settingKey) with the team prefix, as the entitlements do: $(AppIdentifierPrefix)\(wanted)." }
                        ?? "Add \(wanted) to the extension's \(capability) capability, or change Herald.\(settingKey).")
            }
            if !appGroups.contains(wanted) {
                failed = true
                add(check, .warning, service, "Herald.\(settingKey) is \(wanted), which the app's entitlements do not list, so the app cannot share it",
                    fix: "Add \(wanted) to the app's \(capability) capability.")
            }
        }
        let foreign = serviceGroups.filter { !appGroups.contains($0) }
        if !foreign.isEmpty {
            failed = true
            add(check, .warning, service, "\(kind) \(foreign.joined(separator: ", ")) is the extension's but not \(app)'s, so they share nothing through it",
                fix: "Add it to the app's \(capability) capability, or remove it from the extension's.")
        }
        // The content token is read from the keychain group Herald.KeychainGroup names, which
        // the app must write it into: without one, each fetch goes without a token.
        if check == .keychainGroup, herald?.string(settingKey) == nil, herald?.string(ExtensionSetting.contentURL.key) != nil {
            failed = true
            add(check, .warning, service,
                "Herald.ContentURL is set but Herald.KeychainGroup is not, so the extension looks for the token the app stores (ContentToken) in no group the app names: messages are likely fetched without one",
                fix: "Share a keychain group between the app and the extension (Keychain Sharing), name it in Herald.KeychainGroup, and store the token there with ContentToken(accessGroup:).")
        }
        guard !failed else { return }
        if serviceGroups.isEmpty {
            if check == .appGroup {
                add(check, .warning, service, "declares no App Group, so it shares no files, defaults or caches with \(app)",
                    fix: "Give the extension the App Groups capability with a group \(app) has too (and set Herald.AppGroup to it).")
            } else {
                add(check, .ok, service, "declares no keychain group (one is needed only to read keys or a content token \(app) stores)")
            }
        } else {
            add(check, .ok, service, "\(kind)\(serviceGroups.count == 1 ? "" : "s") \(serviceGroups.joined(separator: ", ")) shared with \(app)")
        }
    }

    /// Every key of the `Herald` dictionary known and of a value the extension takes.
    mutating func checkHeraldSettings(_ herald: HeraldSettings, _ service: String) {
        guard let entries = herald.entries else {
            add(.heraldSettings, .error, service, "Herald is a \(herald.written.typeName), not a dictionary: the extension uses its defaults",
                fix: "Make Herald a dictionary (docs/extension-guide.md lists its keys).")
            return
        }
        var failed = false
        for key in entries.keys.sorted() {
            guard let setting = ExtensionSetting.named(key) else {
                failed = true
                let guess = ExtensionSetting.suggestion(for: key)
                add(.heraldSettings, .warning, service, "Herald.\(key) is no key the extension reads\(guess.map { " (did you mean \($0)?)" } ?? ""), so it is ignored",
                    fix: guess.map { "Rename it to \($0)." } ?? "Remove it; the known keys are \(ExtensionSetting.all.map(\.key).joined(separator: ", ")).")
                continue
            }
            let value = entries[key]!
            if let json = value.jsonValue, setting.accepts(json) { continue }
            failed = true
            let hint = value.jsonValue.flatMap(setting.hint(for:)).map { " (\($0))" } ?? ""
            add(.heraldSettings, .error, service, "Herald.\(key) must be \(setting.expected), but is \(value.summary)\(hint): the extension uses the default",
                fix: "Set Herald.\(key) to \(setting.expected).")
        }
        failed = checkContentSettings(entries, service) || failed
        if !failed {
            add(.heraldSettings, .ok, service, entries.isEmpty ? "Herald dictionary is empty (every default)" : entries.count == 1 ? "Herald setting \(entries.keys.sorted()[0]) is valid" : "Herald settings \(entries.keys.sorted().joined(separator: ", ")) are valid")
        }
    }

    /// The fetched-content keys together: what each is valid alone but does not work with the
    /// others, as the extension reads them (`ServiceConfiguration`).
    ///
    /// - Returns: whether anything was reported.
    private mutating func checkContentSettings(_ entries: [String: PropertyList], _ service: String) -> Bool {
        let companions = [ExtensionSetting.contentAcknowledgementURL, .contentFallbackText, .contentTimeout].map(\.key).filter { entries[$0] != nil }
        guard entries[ExtensionSetting.contentURL.key] != nil else {
            guard !companions.isEmpty else { return false }
            add(.heraldSettings, .warning, service, "Herald.\(companions.joined(separator: ", Herald.")) do nothing without Herald.ContentURL",
                fix: "Add Herald.ContentURL, the URL the extension fetches messages from, or remove them.")
            return true
        }
        var reported = false
        // Each key's own rule takes plain http as allowed; with the dictionary's AllowHTTP the
        // extension may still refuse it (ContentURLTemplate, as ServiceConfiguration reads it).
        let allowsHTTP = entries[ExtensionSetting.allowHTTP.key]?.jsonValue == .bool(true)
        for setting in [ExtensionSetting.contentURL, .contentAcknowledgementURL] {
            guard let json = entries[setting.key]?.jsonValue, setting.accepts(json), let value = json.stringValue,
                let problem = ContentURLTemplate.problem(with: value, allowHTTP: allowsHTTP)
            else { continue }
            reported = true
            add(.heraldSettings, .error, service, "Herald.\(setting.key): \(problem); Herald.AllowHTTP is not true, so the extension refuses it",
                fix: "Use https (plain http is for a server on loopback, with Herald.AllowHTTP true).")
        }
        let budget = entries[ExtensionSetting.budget.key]?.jsonValue?.numberValue?.doubleValue ?? 25
        if let timeout = entries[ExtensionSetting.contentTimeout.key]?.jsonValue?.numberValue?.doubleValue, timeout >= budget {
            reported = true
            add(.heraldSettings, .warning, service,
                "Herald.ContentTimeout is \(timeout) s, not less than Herald.Budget's \(budget) s: the fetch can take the whole budget, leaving none for the avatar and attachments",
                fix: "Set Herald.ContentTimeout well under Herald.Budget (the default is 10 of 25 s).")
        }
        return reported
    }

    /// `RetractFallback` `filtered` needs the filtering entitlement on the extension: without it
    /// iOS shows the push of every deleted or read message as sent. Reported only when the
    /// setting asks for it, or when the entitlement is there (then which setting makes use of it).
    mutating func checkFiltering(_ herald: HeraldSettings?, _ service: String, entitlements: [String: PropertyList]?) {
        let filters = entitlements?[Doctor.filteringEntitlement] == .bool(true)
        guard herald?.string(ExtensionSetting.retractFallback.key) == RetractFallback.filtered.rawValue else {
            if filters {
                add(.filteringEntitlement, .ok, service,
                    "has the filtering entitlement; Herald uses it for deleted and read messages when Herald.RetractFallback is filtered")
            }
            return
        }
        if filters {
            add(.filteringEntitlement, .ok, service, "has the filtering entitlement that Herald.RetractFallback filtered needs")
        } else {
            add(.filteringEntitlement, .error, service,
                "Herald.RetractFallback is filtered, but the extension's entitlements have no \(Doctor.filteringEntitlement): iOS shows the push of every deleted or read message as sent",
                fix: "Request the entitlement from Apple (developer.apple.com/contact/request/notification-service), then add \(Doctor.filteringEntitlement) = YES to the extension's entitlements file; until then set Herald.RetractFallback to visible or background.")
        }
    }

    /// The extension links HeraldNotificationService when it is configured for it; the app does not.
    mutating func checkHeraldLinking(_ service: ResolvedTarget, app: ResolvedTarget?, linksHerald: Bool, hasSettings: Bool) {
        var failed = false
        if hasSettings && !linksHerald {
            failed = true
            add(.heraldLinked, .warning, service, "has a Herald dictionary but does not link \(Doctor.heraldProduct)",
                fix: "Add \(Doctor.heraldProduct) to the extension's Frameworks and Libraries (File › Add Package Dependencies…).")
        }
        if let app, app.target.packageProducts.contains(Doctor.heraldProduct) {
            failed = true
            add(.heraldLinked, .warning, service, "\(app.target.name) links \(Doctor.heraldProduct) too, which only the extension needs",
                fix: "Remove \(Doctor.heraldProduct) from \(app.target.name)'s Frameworks, Libraries, and Embedded Content.")
        }
        if linksHerald && !failed {
            add(.heraldLinked, .ok, service, "links \(Doctor.heraldProduct)\(app.map { "; \($0.target.name) does not" } ?? "")")
        }
    }

    /// A provider's extension library that the extension's code calls is linked to it.
    mutating func checkProviderLibraries(_ service: ResolvedTarget, sources: SourceFile.Reading) {
        for error in sources.unread {
            add(.providerLibrary, .info, service, "\(error.description); a provider call in it would go unseen")
        }
        if sources.truncated {
            add(.providerLibrary, .info, service, "the extension has more than \(sources.files.count + sources.unread.count) Swift and Objective-C files; only the first \(sources.files.count + sources.unread.count) were read for provider calls")
        }
        guard !sources.files.isEmpty else { return }
        let sourceRoot = URL(fileURLWithPath: service.settings.value("SRCROOT")?.text ?? "/")
        var pods: [String] = []
        var podfileError: DoctorError?
        do {
            pods = try Podfile(in: sourceRoot, root: service.root)?.pods(for: service.target.name) ?? []
        } catch {
            podfileError = error
        }
        for library in ProviderLibrary.all {
            guard let caller = library.caller(in: sources.files) else { continue }
            if let linkage = library.linkage(of: service.target, pods: pods) {
                add(.providerLibrary, .ok, service, "\(caller.url.lastPathComponent) forwards to \(library.name), linked through \(linkage)")
            } else if let podfileError {
                add(.providerLibrary, .warning, service,
                    "\(caller.url.lastPathComponent) forwards to \(library.name); no package product or framework links it, and the Podfile, which may, was not read: \(podfileError.description)",
                    fix: "Make the Podfile readable UTF-8 text, or \(library.fix.prefix(1).lowercased())\(library.fix.dropFirst())")
            } else {
                add(.providerLibrary, .error, service,
                    "\(caller.url.lastPathComponent) forwards to \(library.name), but the extension target does not link it (no package product, pod or framework for it)",
                    fix: library.fix)
            }
        }
    }
}
