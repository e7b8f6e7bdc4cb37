import HeraldCore

extension ExtensionChecks {
    /// A notification content extension: the categories it shows for, its attributes, its view.
    ///
    /// - Returns: the categories, for `herald lint --project`.
    mutating func runContentExtension(_ content: inout ResolvedTarget, app: ResolvedTarget?, embedded: Bool) -> [String] {
        checkEmbedding(content, app: app, embedded: embedded)
        if let app { checkBundleID(content, app: app) }
        let attributes = content.info["NSExtension"]?["NSExtensionAttributes"]?.dictionaryValue ?? [:]
        var categories: [String] = []
        switch attributes["UNNotificationExtensionCategory"] {
        case nil:
            add(.contentCategory, .error, content, "NSExtensionAttributes has no UNNotificationExtensionCategory, so iOS never shows this extension",
                fix: "Set UNNotificationExtensionCategory to the category (or array of categories) your payloads send as aps.category.")
        case let value?:
            if let names = value.strings, !names.isEmpty, !names.contains(where: \.isEmpty) {
                categories = names.map { content.expand($0) }
                add(.contentCategory, .ok, content, "shows for the categor\(categories.count == 1 ? "y" : "ies") \(categories.joined(separator: ", "))")
            } else {
                add(.contentCategory, .error, content, "UNNotificationExtensionCategory must be a string or an array of strings, but is \(value.summary)",
                    fix: "Set UNNotificationExtensionCategory to a category name, or an array of them.")
            }
        }
        // Apple's Information Property List reference documents the ratio as a number (the
        // view's height over its width while the extension loads; 0 is a view that sizes itself
        // with preferredContentSize) and the others as Booleans, without saying how iOS reads
        // another type: a warning, not an error, for those.
        var problems: [String] = []
        switch attributes["UNNotificationExtensionInitialContentSizeRatio"] {
        case .integer(let ratio)? where ratio >= 0: break
        case .real(let ratio)? where ratio >= 0: break
        case nil:
            problems.append("UNNotificationExtensionInitialContentSizeRatio is missing: Apple's documentation lists it as required, to size the view while the extension loads")
        case let value? where value.typeName == "number":
            problems.append("UNNotificationExtensionInitialContentSizeRatio is negative, \(value.summary): a height-to-width ratio is 0 or more")
        case let value?:
            problems.append("UNNotificationExtensionInitialContentSizeRatio should be a number, but is \(value.summary); how iOS reads that is not documented")
        }
        for key in ["UNNotificationExtensionDefaultContentHidden", "UNNotificationExtensionUserInteractionEnabled", "UNNotificationExtensionOverridesDefaultTitle"] {
            if let value = attributes[key], case .bool = value { continue }
            if let value = attributes[key] { problems.append("\(key) should be a Boolean, but is \(value.summary); how iOS reads that is not documented") }
        }
        if problems.isEmpty {
            let ratio = attributes["UNNotificationExtensionInitialContentSizeRatio"]?.summary ?? ""
            add(.contentAttributes, .ok, content, "initial content size ratio \(ratio); the other attributes are valid")
        } else {
            for problem in problems {
                add(.contentAttributes, .warning, content, problem, fix: "In NSExtension › NSExtensionAttributes, make the ratio a number, 0 or more (<real>0.5</real>), and the others <true/> or <false/>.")
            }
        }
        let storyboard = content.info["NSExtension"]?["NSExtensionMainStoryboard"]?.stringValue ?? ""
        let principal = content.info["NSExtension"]?["NSExtensionPrincipalClass"]?.stringValue ?? ""
        if !storyboard.isEmpty {
            add(.contentInterface, .ok, content, "storyboard \(storyboard)")
        } else if !principal.isEmpty {
            add(.contentInterface, .ok, content, "principal class \(content.expand(principal))")
        } else {
            add(.contentInterface, .error, content, "NSExtension names neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass, so it has no view to show",
                fix: "Set NSExtensionMainStoryboard to the storyboard (MainInterface), or NSExtensionPrincipalClass to the view controller.")
        }
        return categories
    }
}
