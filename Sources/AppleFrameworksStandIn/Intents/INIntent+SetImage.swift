import Foundation

/// What gives every intent `setImage(_:forParameterNamed:)` and `image(forParameterNamed:)`
/// taking a key path.
///
/// Source: reference, "Swift overlay (the ObjC setImage:forParameterNamed: is
/// NS_REFINED_FOR_SWIFT): extension INIntent { // via INIntentSetImageKeyPath ... }". The
/// overlay's source (swiftlang/swift, stdlib/public/Darwin/Intents/INIntent.swift) spells the
/// protocol `_INIntentSetImageKeyPath`, declares both methods in an extension of it, and
/// conforms `INIntent` to it; the stand-in does the same.
/// Availability: the reference's availability table, read from Intents.swiftinterface of the
/// iOS 16.5 and 18.0 SDKs: `@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)`. The
/// older sources carry none on the protocol (the open-source overlay above, and the iOS 15 SDK's
/// generated interface, DougGregor/swift-concurrency-objc iOS/Intents/Intents.swift); the
/// newer SDKs are the ones Herald builds with.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
public protocol _INIntentSetImageKeyPath {}

extension _INIntentSetImageKeyPath {
    /// Sets the image shown for a parameter: `\.sender` for the sender's avatar,
    /// `\.speakableGroupName` for a group's.
    ///
    /// Source: reference, `@available(iOS 12.0, *) func setImage<Value>(_ image: INImage?,
    /// forParameterNamed parameterName: KeyPath<Self, Value>)`. Apple's overlay turns the key
    /// path into a name through the Objective-C runtime and silently does nothing when it has
    /// none; the stand-in uses its own table (`INIntent.standInParameterName(for:)`) and also
    /// does nothing for a key path outside it, but records every call, mapped or not, in
    /// `StandInRecorder.current`.
    ///
    /// - Parameters:
    ///   - image: the image; `nil` removes the parameter's image.
    ///   - parameterName: a key path to one of the intent's parameters.
    ///
    /// Availability: the reference's availability table (Intents.swiftinterface, iOS 16.5 and
    /// 18.0 SDKs): iOS 12.0 and watchOS 5.0, unavailable on macOS and tvOS.
    @available(iOS 12.0, watchOS 5.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        // As in Apple's overlay: only intents conform.
        let intent = self as! INIntent
        let name = INIntent.standInParameterName(for: parameterName)
        if let name { intent.parameterImages[name] = image }
        StandInRecorder.current.recordImageAssignment(
            StandInRecorder.ImageAssignment(intent: intent, parameterName: name, image: image))
    }

    /// The image set for a parameter, or `nil`.
    ///
    /// Source: reference, `@available(iOS 12.0, *) func image<Value>(forParameterNamed
    /// parameterName: KeyPath<Self, Value>) -> INImage?`.
    /// Availability: as `setImage(_:forParameterNamed:)` (reference's availability table).
    @available(iOS 12.0, watchOS 5.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        let intent = self as! INIntent
        return INIntent.standInParameterName(for: parameterName).flatMap { intent.parameterImages[$0] }
    }
}

/// Source: Apple's overlay (swiftlang/swift, stdlib/public/Darwin/Intents/INIntent.swift),
/// `@available(iOS 10.0, watchOS 3.2, *) extension INIntent : _INIntentSetImageKeyPath { }`;
/// the reference's "via INIntentSetImageKeyPath".
/// Availability: the iOS 15 SDK's generated interface (DougGregor/swift-concurrency-objc
/// iOS/Intents/INIntent.swift), `@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
/// extension INIntent : _INIntentSetImageKeyPath`, the same versions as the class and the
/// protocol.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
extension INIntent: _INIntentSetImageKeyPath {}

extension INIntent {
    /// The parameter name a key path stands for: the stand-in's key-path-to-name table, which
    /// the reference says a Linux stand-in needs.
    ///
    /// Deviation: it holds the public parameters of `INSendMessageIntent` only, and key paths
    /// rooted at that class: on a subclass of it (whose `\.sender` is a different key path) the
    /// stand-in finds no name, where Apple's runtime would.
    static func standInParameterName(for keyPath: AnyKeyPath) -> String? {
        // Built per call: key paths are not Sendable, so a global table would not be safe.
        let table: [(keyPath: AnyKeyPath, name: String)] = [
            (\INSendMessageIntent.sender, "sender"),
            (\INSendMessageIntent.speakableGroupName, "speakableGroupName"),
        ]
        return table.first { $0.keyPath == keyPath }?.name
    }
}
