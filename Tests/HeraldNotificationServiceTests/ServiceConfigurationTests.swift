import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

@testable import HeraldNotificationService

@Suite("Info.plist configuration")
struct ServiceConfigurationTests {
    @Test func noDictionaryGivesTheDefaults() {
        let configuration = ServiceConfiguration(infoDictionary: nil)
        #expect(configuration.enrichment.layout == nil)
        #expect(configuration.enrichment.avatarTimeout == .seconds(5))
        #expect(configuration.enrichment.budget == .seconds(25))
        #expect(configuration.groupPadding == .both)
        #expect(configuration.avatarSize == 256)
        #expect(configuration.problems.isEmpty)
        // No app group: a private avatar cache, in the caches directory.
        #expect(configuration.enrichment.avatarCache?.directory.lastPathComponent == "herald-avatar-cache")
    }

    @Test func everyKeyIsRead() {
        let configuration = ServiceConfiguration(infoDictionary: [
            "Layout": "onesignal", "AvatarTimeout": 3, "Budget": 20.5, "AllowedHosts": ["CDN.Example.com"], "AllowHTTP": true,
            "FallbackText": "🔒 New message", "AppGroup": "group.com.example.chat", "KeychainGroup": "ABCDE12345.com.example.keys",
            "GroupPadding": "metadata", "AvatarSize": 128, "LogLevel": "debug",
        ] as [String: Any])
        #expect(configuration.problems == [])
        #expect(configuration.enrichment.layout == .oneSignal)
        #expect(configuration.enrichment.avatarTimeout == .seconds(3))
        #expect(configuration.enrichment.budget == .seconds(20.5))
        #expect(configuration.enrichment.allowedHosts == ["cdn.example.com"])
        #expect(configuration.enrichment.allowHTTP)
        #expect(configuration.enrichment.encryptedFallbackText == "🔒 New message")
        #expect(configuration.appGroup == "group.com.example.chat")
        // The group's container where there is one (Apple platforms), else the private cache:
        // the cache folder is named the same in both.
        #expect(configuration.enrichment.avatarCache?.directory.lastPathComponent == "herald-avatar-cache")
        #expect(configuration.keychainGroup == "ABCDE12345.com.example.keys")
        #expect(configuration.groupPadding == .metadata)
        #expect(configuration.avatarSize == 128)
        #expect(configuration.enrichment.avatarDisplaySize == 128)
        #expect(configuration.logLevel == .debug)
    }

    @Test func customLayoutDictionaryFromThePlist() {
        let configuration = ServiceConfiguration(infoDictionary: [
            "Layout": ["name": "zulip", "extends": "onesignal", "communication": ["senderName": ["/sender_full_name"]]] as [String: Any],
        ] as [String: Any])
        #expect(configuration.enrichment.layout?.name == "zulip")
        #expect(configuration.enrichment.layout?.container == .oneSignal)
    }

    @Test func badEntriesAreReportedAndFallBackToDefaults() {
        let configuration = ServiceConfiguration(infoDictionary: [
            "Layout": "pushwoosh", "AvatarTimeout": "five", "Budget": 45, "AllowHTTP": "yes", "GroupPadding": "always",
            "AvatarSize": 99999, "LogLevel": true, "AllowedHosts": ["ok.example", 7], "Colour": "blue", "AppGroup": Date(),
        ] as [String: Any])
        #expect(configuration.enrichment.layout == nil)
        #expect(configuration.enrichment.avatarTimeout == .seconds(5))
        #expect(configuration.enrichment.budget == .seconds(25))
        #expect(!configuration.enrichment.allowHTTP)
        #expect(configuration.groupPadding == .both)
        #expect(configuration.avatarSize == 256)
        #expect(configuration.logLevel == .info)
        #expect(configuration.enrichment.allowedHosts == nil)
        #expect(configuration.appGroup == nil)
        let keys = ["Layout", "AvatarTimeout", "Budget", "AllowHTTP", "GroupPadding", "AvatarSize", "LogLevel", "AllowedHosts", "Colour", "AppGroup"]
        for key in keys {
            #expect(configuration.problems.contains { $0.hasPrefix("Herald.\(key):") }, "\(key)")
        }
        #expect(configuration.problems.count == keys.count)
        // A Boolean is not a number of seconds, nor a number a Boolean.
        let flags = ServiceConfiguration(infoDictionary: ["AvatarTimeout": true, "AllowHTTP": 1] as [String: Any])
        #expect(flags.problems.count == 2)
        #expect(ServiceConfiguration(infoDictionary: "not a dictionary").problems.count == 1)
    }

    @Test func theContentSettingsMakeTheContentSource() throws {
        let configuration = ServiceConfiguration(infoDictionary: [
            "ContentURL": "https://api.example.com/v1/messages/{message_id}", "ContentAcknowledgementURL": "https://api.example.com/v1/ack/{message_id}",
            "ContentFallbackText": "New message", "ContentTimeout": 4, "KeychainGroup": "ABCDE12345.com.example.shared",
        ] as [String: Any])
        #expect(configuration.problems.isEmpty, "\(configuration.problems)")
        let source = try #require(configuration.enrichment.contentSource)
        #expect(source.urlTemplate == "https://api.example.com/v1/messages/{message_id}")
        #expect(source.acknowledgementTemplate == "https://api.example.com/v1/ack/{message_id}")
        #expect(source.fallbackText == "New message")
        #expect(source.timeout == .seconds(4))
        #expect(ServiceConfiguration(infoDictionary: [:]).enrichment.contentSource == nil)
    }

    @Test(arguments: [
        (["ContentURL": "http://127.0.0.1:8080/{message_id}"], "Herald.ContentURL: \"http://127.0.0.1:8080/{message_id}\" uses plain http"),
        (["ContentURL": "http://api.example.com/{message_id}"], "Herald.ContentURL: expected an absolute http(s) URL"),
        (["ContentURL": "/messages/{message_id}"], "Herald.ContentURL: expected an absolute http(s) URL"),
        (["ContentFallbackText": "New message"], "Herald: ContentAcknowledgementURL, ContentFallbackText and ContentTimeout do nothing without ContentURL"),
        (["ContentURL": "https://{message_id}.example.com/m"], "Herald.ContentURL: expected"),
    ] as [([String: String], String)])
    func aContentSettingThatCannotWorkIsReportedAndNothingIsFetched(_ entries: [String: String], _ problem: String) {
        let configuration = ServiceConfiguration(infoDictionary: entries)
        #expect(configuration.enrichment.contentSource == nil)
        #expect(configuration.problems.contains { $0.hasPrefix(problem) }, "\(configuration.problems)")
        // Plain http is for a loopback server, with AllowHTTP.
        let allowed = ServiceConfiguration(infoDictionary: ["ContentURL": "http://127.0.0.1:8080/{message_id}", "AllowHTTP": true] as [String: Any])
        #expect(allowed.enrichment.contentSource != nil && allowed.problems.isEmpty)
        // Even with AllowHTTP, the token never crosses the network in cleartext.
        let remote = ServiceConfiguration(infoDictionary: ["ContentURL": "http://api.example.com/{message_id}", "AllowHTTP": true] as [String: Any])
        #expect(remote.enrichment.contentSource == nil)
        #expect(remote.problems.contains { $0.contains("which would carry the token in cleartext") }, "\(remote.problems)")
    }

    /// An acknowledgement URL that cannot work is left out; the content is still fetched.
    @Test func aBadAcknowledgementURLIsLeftOut() {
        let configuration = ServiceConfiguration(infoDictionary: ["ContentURL": "https://api.example.com/{message_id}", "ContentAcknowledgementURL": "ftp://x/{message_id}"])
        #expect(configuration.enrichment.contentSource?.acknowledgementTemplate == nil)
        #expect(configuration.enrichment.contentSource?.urlTemplate == "https://api.example.com/{message_id}")
        #expect(configuration.problems.contains { $0.hasPrefix("Herald.ContentAcknowledgementURL: expected an absolute http(s) URL") }, "\(configuration.problems)")
    }
}
