// Apple's availability for the stand-in's notification center, categories, actions and
// responses (UserNotifications/UNUserNotificationCenter*.swift, UNNotification*.swift for these
// types, UNTextInputNotification*.swift), as AvailabilityTable.swift states it for the rest.

extension AppleSource {
    static let centerHeader =
        "UNUserNotificationCenter.h, macOS 12.3 SDK copy (phracker/MacOSX-SDKs MacOSX12.3.sdk); the iOS 13 copy in"
        + " mkalmes/moby UserNotifications.framework.h agrees where both have a declaration"
    static let actionHeader = "UNNotificationAction.h, macOS 12.0 SDK copy (phracker/MacOSX-SDKs MacOSX12.0.sdk)"
    static let actionIconHeader =
        "UNNotificationActionIcon.h, \"Copyright © 2021\", macOS 12.0 SDK copy (phracker/MacOSX-SDKs MacOSX12.0.sdk)"
    static let categoryHeader =
        "UNNotificationCategory.h, a public copy of the iOS 15-era header (AllowAnnouncement deprecated, \"Announcement"
        + " option is ignored\"); the iOS 13 copy in mkalmes/moby UserNotifications.framework.h"
    static let responseHeader = userNotificationsHeaders + ", UNNotificationResponse.h"
    static let notificationHeader = userNotificationsHeaders + ", UNNotification.h"
    static let asyncImport =
        "UNVERIFIED: Swift's async import of the completion-handler method, which has that method's availability;"
        + " no header line of its own"
}

extension AvailabilityRow {
    static let notificationCenter: [AvailabilityRow] = [
        // UNNotification.swift
        .init(
            "class UNNotification", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.notificationHeader + "; " + AppleSource.page("usernotifications/unnotification")),
        .init("init UNNotification.init()", ["@available(*, unavailable)"], AppleSource.notificationHeader + ", - init NS_UNAVAILABLE"),
        .init("var UNNotification.date", [], AppleSource.notificationHeader),
        .init("var UNNotification.request", [], AppleSource.notificationHeader),
        .init("func UNNotification.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNNotificationAction.swift
        .init(
            "class UNNotificationAction", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.actionHeader + "; " + AppleSource.page("usernotifications/unnotificationaction") + " (no tvOS)"),
        .init("init UNNotificationAction.init()", ["@available(*, unavailable)"], AppleSource.actionHeader + ", - init NS_UNAVAILABLE"),
        .init(
            "init UNNotificationAction.init(identifier:title:options:)", [],
            AppleSource.actionHeader + ", +actionWithIdentifier:title:options:"),
        .init(
            "init UNNotificationAction.init(identifier:title:options:icon:)",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.actionHeader + ", +actionWithIdentifier:title:options:icon:; "
                + AppleSource.page("usernotifications/unnotificationaction/init(identifier:title:options:icon:)")
                + " (the same, tvOS left out where the class is unavailable)"),
        .init("var UNNotificationAction.identifier", [], AppleSource.actionHeader),
        .init("var UNNotificationAction.title", [], AppleSource.actionHeader),
        .init("var UNNotificationAction.options", [], AppleSource.actionHeader),
        .init(
            "var UNNotificationAction.icon", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.actionHeader + "; " + AppleSource.page("usernotifications/unnotificationaction/icon")),
        .init("func UNNotificationAction.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNNotificationActionIcon.swift
        .init(
            "class UNNotificationActionIcon", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.actionIconHeader + "; " + AppleSource.page("usernotifications/unnotificationactionicon")),
        .init(
            "init UNNotificationActionIcon.init()", ["@available(*, unavailable)"],
            AppleSource.actionIconHeader + ", - init NS_UNAVAILABLE"),
        .init(
            "init UNNotificationActionIcon.init(templateImageName:)", [],
            AppleSource.actionIconHeader + ", +iconWithTemplateImageName:"),
        .init(
            "init UNNotificationActionIcon.init(systemImageName:)", [],
            AppleSource.actionIconHeader + ", +iconWithSystemImageName:"),
        .init("func UNNotificationActionIcon.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNNotificationActionOptions.swift
        .init(
            "struct UNNotificationActionOptions", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.actionHeader + ", NS_OPTIONS UNNotificationActionOptions"),
        .init("var UNNotificationActionOptions.rawValue", [], "the imported option set's member"),
        .init("init UNNotificationActionOptions.init(rawValue:)", [], "the imported option set's member"),
        .init("var UNNotificationActionOptions.authenticationRequired", [], AppleSource.actionHeader),
        .init("var UNNotificationActionOptions.destructive", [], AppleSource.actionHeader),
        .init("var UNNotificationActionOptions.foreground", [], AppleSource.actionHeader),

        // UNNotificationCategory.swift
        .init(
            "class UNNotificationCategory", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.categoryHeader + "; " + AppleSource.page("usernotifications/unnotificationcategory") + " (no tvOS)"),
        .init(
            "init UNNotificationCategory.init()", ["@available(*, unavailable)"],
            AppleSource.categoryHeader + ", - init NS_UNAVAILABLE"),
        .init(
            "init UNNotificationCategory.init(identifier:actions:intentIdentifiers:options:)", [],
            AppleSource.categoryHeader + ", +categoryWithIdentifier:actions:intentIdentifiers:options:"),
        .init("var UNNotificationCategory.identifier", [], AppleSource.categoryHeader),
        .init("var UNNotificationCategory.actions", [], AppleSource.categoryHeader),
        .init("var UNNotificationCategory.intentIdentifiers", [], AppleSource.categoryHeader),
        .init("var UNNotificationCategory.options", [], AppleSource.categoryHeader),
        .init("func UNNotificationCategory.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNNotificationCategoryOptions.swift
        .init(
            "struct UNNotificationCategoryOptions",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.categoryHeader + "; " + AppleSource.page("usernotifications/unnotificationcategoryoptions")),
        .init("var UNNotificationCategoryOptions.rawValue", [], "the imported option set's member"),
        .init("init UNNotificationCategoryOptions.init(rawValue:)", [], "the imported option set's member"),
        .init("var UNNotificationCategoryOptions.customDismissAction", [], AppleSource.categoryHeader),
        .init(
            "var UNNotificationCategoryOptions.allowInCarPlay", ["@available(macOS, unavailable)"],
            AppleSource.categoryHeader + ", API_UNAVAILABLE(macos)"),
        .init(
            "var UNNotificationCategoryOptions.hiddenPreviewsShowTitle",
            ["@available(iOS 11.0, macOS 10.14, *)", "@available(watchOS, unavailable)", "@available(tvOS, unavailable)"],
            AppleSource.categoryHeader + ", API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos)"),
        .init(
            "var UNNotificationCategoryOptions.hiddenPreviewsShowSubtitle",
            ["@available(iOS 11.0, macOS 10.14, *)", "@available(watchOS, unavailable)", "@available(tvOS, unavailable)"],
            AppleSource.categoryHeader + ", API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos)"),
        .init(
            "var UNNotificationCategoryOptions.allowAnnouncement",
            [
                "@available(iOS, introduced: 13.0, deprecated: 15.0, message: \"Announcement option is ignored\")",
                "@available(macOS, unavailable)",
                "@available(watchOS, introduced: 6.0, deprecated: 7.0, message: \"Announcement option is ignored\")",
                "@available(tvOS, unavailable)",
            ],
            AppleSource.categoryHeader + ", API_DEPRECATED(\"Announcement option is ignored\", ios(13.0, 15.0),"
                + " watchos(6.0, 7.0)) API_UNAVAILABLE(macos, tvos)"),

        // UNNotificationPresentationOptions.swift
        .init(
            "struct UNNotificationPresentationOptions", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.centerHeader + "; " + AppleSource.page("usernotifications/unnotificationpresentationoptions")),
        .init("var UNNotificationPresentationOptions.rawValue", [], "the imported option set's member"),
        .init("init UNNotificationPresentationOptions.init(rawValue:)", [], "the imported option set's member"),
        .init("var UNNotificationPresentationOptions.badge", [], AppleSource.centerHeader),
        .init("var UNNotificationPresentationOptions.sound", [], AppleSource.centerHeader),
        .init(
            "var UNNotificationPresentationOptions.alert",
            [
                "@available(iOS, introduced: 10.0, deprecated: 14.0)", "@available(macOS, introduced: 10.14, deprecated: 11.0)",
                "@available(watchOS, introduced: 3.0, deprecated: 7.0)", "@available(tvOS, introduced: 10.0, deprecated: 14.0)",
            ],
            AppleSource.centerHeader + ", API_DEPRECATED_WITH_REPLACEMENT(...); "
                + AppleSource.page("usernotifications/unnotificationpresentationoptions/alert")
                + ". UNVERIFIED: that Swift's attributes carry no message (the replacement names no Swift declaration)"),
        .init(
            "var UNNotificationPresentationOptions.list", ["@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)"],
            AppleSource.centerHeader),
        .init(
            "var UNNotificationPresentationOptions.banner", ["@available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)"],
            AppleSource.centerHeader),

        // UNNotificationResponse.swift
        .init(
            "let UNNotificationDefaultActionIdentifier",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"], AppleSource.responseHeader),
        .init(
            "let UNNotificationDismissActionIdentifier",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"], AppleSource.responseHeader),
        .init(
            "class UNNotificationResponse", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.responseHeader + "; " + AppleSource.page("usernotifications/unnotificationresponse") + " (no tvOS)"),
        .init(
            "init UNNotificationResponse.init()", ["@available(*, unavailable)"],
            AppleSource.responseHeader + ", - init NS_UNAVAILABLE"),
        .init("var UNNotificationResponse.notification", [], AppleSource.responseHeader),
        .init("var UNNotificationResponse.actionIdentifier", [], AppleSource.responseHeader),
        .init("func UNNotificationResponse.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNTextInputNotificationAction.swift
        .init(
            "class UNTextInputNotificationAction",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"], AppleSource.actionHeader),
        .init(
            "init UNTextInputNotificationAction.init(identifier:title:options:textInputButtonTitle:textInputPlaceholder:)", [],
            AppleSource.actionHeader + ", +actionWithIdentifier:title:options:textInputButtonTitle:textInputPlaceholder:"),
        .init(
            "init UNTextInputNotificationAction.init(identifier:title:options:icon:textInputButtonTitle:textInputPlaceholder:)",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.actionHeader + ", +actionWithIdentifier:title:options:icon:textInputButtonTitle:textInputPlaceholder:"),
        .init("var UNTextInputNotificationAction.textInputButtonTitle", [], AppleSource.actionHeader),
        .init("var UNTextInputNotificationAction.textInputPlaceholder", [], AppleSource.actionHeader),

        // UNTextInputNotificationResponse.swift
        .init(
            "class UNTextInputNotificationResponse",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"], AppleSource.responseHeader),
        .init("var UNTextInputNotificationResponse.userText", [], AppleSource.responseHeader),

        // UNUserNotificationCenter+Badge.swift
        .init(
            "func UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:)",
            ["@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)", "@available(watchOS, unavailable)"],
            AppleSource.page("usernotifications/unusernotificationcenter/setbadgecount(_:withcompletionhandler:)")
                + " (iOS 16.0, macOS 13.0, tvOS 16.0, no watchOS). UNVERIFIED: the header's own attribute"),
        .init(
            "func UNUserNotificationCenter.setBadgeCount(_:)",
            ["@available(iOS 16.0, macOS 13.0, tvOS 16.0, *)", "@available(watchOS, unavailable)"],
            AppleSource.page("usernotifications/unusernotificationcenter/setbadgecount(_:withcompletionhandler:)") + "; "
                + AppleSource.asyncImport),

        // UNUserNotificationCenter+Categories.swift
        .init(
            "func UNUserNotificationCenter.setNotificationCategories(_:)", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", API_UNAVAILABLE(tvos)"),
        .init(
            "func UNUserNotificationCenter.getNotificationCategories(completionHandler:)", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", API_UNAVAILABLE(tvos)"),
        .init(
            "func UNUserNotificationCenter.notificationCategories()", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + "; " + AppleSource.asyncImport),

        // UNUserNotificationCenter+Delivered.swift
        .init(
            "func UNUserNotificationCenter.getDeliveredNotifications(completionHandler:)", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", API_UNAVAILABLE(tvos); "
                + AppleSource.page("usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)")),
        .init(
            "func UNUserNotificationCenter.deliveredNotifications()", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + "; " + AppleSource.asyncImport),
        .init(
            "func UNUserNotificationCenter.removeDeliveredNotifications(withIdentifiers:)", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", API_UNAVAILABLE(tvos)"),
        .init(
            "func UNUserNotificationCenter.removeAllDeliveredNotifications()", ["@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", API_UNAVAILABLE(tvos)"),
        .init(
            "func UNUserNotificationCenter.add(_:withCompletionHandler:)", [],
            AppleSource.centerHeader + ", no attribute; "
                + AppleSource.page("usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)")
                + " (tvOS 10.0 too)"),
        .init(
            "func UNUserNotificationCenter.add(_:)", [], AppleSource.centerHeader + "; " + AppleSource.asyncImport),

        // UNUserNotificationCenter.swift
        .init(
            "class UNUserNotificationCenter", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.centerHeader + "; " + AppleSource.page("usernotifications/unusernotificationcenter")),
        .init(
            "init UNUserNotificationCenter.init()", ["@available(*, unavailable)"],
            AppleSource.centerHeader + ", - init NS_UNAVAILABLE"),
        .init("var UNUserNotificationCenter.delegate", [], AppleSource.centerHeader),
        .init("func UNUserNotificationCenter.current()", [], AppleSource.centerHeader + ", +currentNotificationCenter"),

        // UNUserNotificationCenterDelegate.swift
        .init(
            "protocol UNUserNotificationCenterDelegate", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.centerHeader + "; " + AppleSource.page("usernotifications/unusernotificationcenterdelegate")),
        .init(
            "func UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:)",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.centerHeader + ", -userNotificationCenter:willPresentNotification:withCompletionHandler:"),
        .init(
            "func UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:)",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.centerHeader + "; " + AppleSource.asyncImport),
        .init(
            "func UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.centerHeader + ", -userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"),
        .init(
            "func UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:)",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.centerHeader + "; " + AppleSource.asyncImport),
    ]
}
