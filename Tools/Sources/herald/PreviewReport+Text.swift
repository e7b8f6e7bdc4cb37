import HeraldCore
import HeraldDesk
import HeraldEnrichment

extension PreviewReport {
    /// The preview as a person reads it at a glance: the notification first, then the detail.
    var text: String {
        var lines: [String] = []
        let message = notification.message
        let content = notification.content
        if let conversion {
            lines.append("Request:    a request body for the \(conversion.provider), shown as the payload it becomes (herald convert prints it)")
        }
        lines.append("Layout:     \(notification.layoutName)")
        let notRunning = isBackgroundPush ? "does not run (a background push: iOS shows nothing)" : "does not run (iOS shows the payload as sent)"
        lines.append("Extension:  " + (notification.extensionWillRun ? "runs" : notRunning))
        if let action { lines.append("Action:     " + action) }
        if notification.contentFetch != nil, let fetch = notification.decisions.first(where: { $0.code == .contentFetched || $0.code == .contentNotFetched }) {
            let hint = if case .notFetched(.noURL)? = notification.contentFetch { " (--content-server fetches it here)" } else { "" }
            lines.append("Fetched:    " + fetch.message + hint)
        }
        lines.append("")
        if isBackgroundPush {
            lines.append("  (nothing: a background push is not shown)")
        } else if notification.deliversNothing {
            // Empty content still carries the badge, which iOS applies to the icon.
            let badge = content.badge.map { "; the app icon's badge becomes \($0)" } ?? ""
            lines.append("  (nothing: empty content, which iOS does not show\(badge))")
        } else if let sender = message.sender, notification.extensionWillRun, notification.isCommunication {
            // The initials the extension draws when there is no picture (the group's in a group).
            let drawn = message.groupName == nil ? communication?.senderInitials : communication?.groupInitials
            let avatar = drawn.map { "(\($0.letters.isEmpty ? "·" : $0.letters))" } ?? "(avatar)"
            let line = [sender.displayName, message.groupName].compactMap { $0 }.joined(separator: " · ")
            lines.append("  \(avatar) \(line)")
            // The communication layout puts the sender and group on the first line; below it
            // iOS shows the subtitle (when it says more than the group name) and the body.
            var shown = content
            shown.title = ""
            if shown.subtitle == message.groupName { shown.subtitle = "" }
            lines.append(contentsOf: showable(shown).map { "      " + $0 })
        } else {
            lines.append(contentsOf: showable(content).map { "  " + $0 })
        }
        lines.append("")
        if let sender = message.sender {
            var parts = ["\"\(sender.displayName)\""]
            if let identifier = sender.identifier { parts.append("id \(identifier)") }
            if let handle = sender.handle { parts.append("\(handle.kind.rawValue) \(handle.value)") }
            let names = [sender.givenName.map { "given name \"\($0)\"" }, sender.familyName.map { "family name \"\($0)\"" }].compactMap { $0 }
            parts += names
            parts.append(sender.avatarURL.map { "avatar \($0.absoluteString)" } ?? "no avatar")
            lines.append("Sender:     " + parts.joined(separator: ", "))
            if let communication {
                lines.append("Focus:      " + communication.senderMatch.decision.message)
            }
            if let avatar = notification.avatar {
                lines.append("Avatar:     " + Self.describe(avatar, "avatar", decisions: notification.decisions))
            }
            lines.append("Conversation: " + (message.conversationIdentifier ?? "(none)")
                + (message.groupName.map { ", group \"\($0)\"" } ?? ", direct")
                + (message.groupAvatarURL.map { ", group avatar \($0.absoluteString)" } ?? ""))
            if let groupAvatar = notification.groupAvatar {
                lines.append("Group avatar: " + Self.describe(groupAvatar, "group avatar", decisions: notification.decisions))
            }
            if let communication, !communication.recipients.isEmpty {
                let names = communication.recipients.map { $0.isPlaceholder ? "\($0.identifier) (placeholder)" : $0.identifier }
                lines.append("Recipients: " + names.joined(separator: ", ") + "; recipient count \(communication.recipientCount)")
            } else if !message.recipients.isEmpty {
                lines.append("Recipients: " + message.recipients.joined(separator: ", "))
            }
            let flags = [message.mentionsCurrentUser ? "mentions you" : nil, message.isReplyToCurrentUser ? "replies to you" : nil].compactMap { $0 }
            if !flags.isEmpty { lines.append("Flags:      " + flags.joined(separator: ", ")) }
        } else {
            lines.append("Sender:     none (standard layout, no avatar)")
        }
        var fields: [String] = []
        if !content.threadIdentifier.isEmpty { fields.append("thread \(content.threadIdentifier)") }
        if content.categoryIdentifier == MessageCategory.identifier {
            fields.append("category \(content.categoryIdentifier) (Reply and Mark as Read, where the app installs HeraldApp's MessageActions)")
        } else if !content.categoryIdentifier.isEmpty {
            fields.append("category \(content.categoryIdentifier)")
        }
        if let badge = content.badge { fields.append("badge \(badge)") }
        if let sound = content.sound {
            let volume = sound.playedVolume.map { ", volume \($0)" } ?? ""
            fields.append("sound \(sound.name ?? "(none)")" + (sound.isCritical ? " (critical\(volume))" : ""))
        }
        if let level = content.interruptionLevel { fields.append("interruption \(level.rawValue)") }
        if let score = content.relevanceScore { fields.append("relevance \(score)") }
        if !fields.isEmpty { lines.append("Content:    " + fields.joined(separator: ", ")) }
        for (index, result) in notification.attachments.enumerated() {
            let kind = (result.format?.kind ?? result.source.kind).rawValue
            let prefix = "attachment \(index + 1) (\(result.source.url.absoluteString)) "
            let reason = result.status == .downloaded
                ? "" : notification.decisions.last { $0.message.hasPrefix(prefix) }.map { " (\($0.message.dropFirst(prefix.count)))" } ?? ""
            let file = result.file.map { " → \($0.path) (\(result.byteCount) bytes)" } ?? reason
            lines.append((index == 0 ? "Attachments: " : "             ") + "\(kind) \(result.source.url.absoluteString) [\(result.status)]\(file)")
        }
        lines.append("")
        lines.append("Decisions:")
        lines.append(contentsOf: (conversion?.decisions ?? []).map { "  - \($0.message) [\($0.code.rawValue)]" })
        lines.append(contentsOf: notification.decisions.map { "  - \($0.message) [\($0.code.rawValue)]" })
        lines.append("")
        lines.append("Lint:       " + PreviewReport.summary(lint))
        lines.append(contentsOf: lint.map { "  \($0.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.rule.id): \($0.message)" })
        lines.append("")
        if let conversion {
            lines.append("The payload the phone receives for this request:")
            lines.append(contentsOf: conversion.payload.jsonText(.pretty).split(separator: "\n").map { "  " + $0 })
            if let headers = conversion.headerLine { lines.append(headers) }
            lines.append("")
        }
        let reached = switch notification.stage {
        case .complete: "every step done"
        case .decoded: "stopped after decoding, before the downloads ended"
        case .original: "stopped before decoding: the payload as received is shown"
        }
        lines.append("Took \(elapsedMilliseconds) ms (\(reached)).")
        return lines.joined(separator: "\n")
    }

    private func showable(_ content: ContentFields) -> [String] {
        let texts = [content.title, content.subtitle, content.body].filter { !$0.isEmpty }
        return texts.isEmpty ? ["(no text)"] : texts.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// "downloaded, 1234 bytes, png 192×192", with the reason when it was not downloaded: the
    /// last decision whose message starts with `subject`.
    private static func describe(_ avatar: AvatarResult, _ subject: String, decisions: [Decision]) -> String {
        let info = avatar.info.map { ", \($0.format) \($0.width)×\($0.height)" } ?? ""
        let size = avatar.data.map { ", \($0.count) bytes" } ?? ""
        let reason = [FetchStatus.downloaded, .cached].contains(avatar.status)
            ? "" : decisions.last { $0.code.rawValue.hasPrefix("avatar-") && $0.message.hasPrefix(subject + " ") }.map { " (\($0.message))" } ?? ""
        return "\(avatar.status)\(size)\(info)" + (avatar.needsDownsampling ? ", downsampled on the phone" : "") + reason
    }

    /// "no problems", or "1 error, 2 warnings".
    static func summary(_ findings: [LintFinding]) -> String {
        let counts = LintRule.Severity.allCases.compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return counts.isEmpty ? "no problems" : counts.joined(separator: ", ")
    }
}
