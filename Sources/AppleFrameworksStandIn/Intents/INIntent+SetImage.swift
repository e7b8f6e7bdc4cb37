import Foundation

/// What gives every intent `setImage(_:forParameterNamed:)` and `image(forParameterNamed:)`
/// taking a key path.
///
/// Source: reference, "Swift overlay (the ObjC setImage:forParameterNamed: is
/// NS_REFINED_FOR_SWIFT): extension INIntent { // via INIntentSetImageKeyPath ... }". The
/// overlay's source (swiftlang/swift, stdlib/public/Darwin/Intents/INIntent.swift) spells the
/// protocol `_INIntentSetImageKeyPath`, declares both methods in an extension of it, and
/// conforms `INIntent` to it; the stand-in does the same.
/// Availability as in that overlay: the protocol itself carries no `@available` there (nor in
/// the SDK's Intents.swiftinterface), so none here; the methods are iOS 12 and the `INIntent`
/// conformance iOS 10 (`@available(iOS 10.0, watchOS 3.2, *)`), below.
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
    @available(iOS 12.0, *)
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
    @available(iOS 12.0, *)
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        let intent = self as! INIntent
        return INIntent.standInParameterName(for: parameterName).flatMap { intent.parameterImages[$0] }
    }
}

/// Source: Apple's overlay (swiftlang/swift, stdlib/public/Darwin/Intents/INIntent.swift),
/// `@available(iOS 10.0, watchOS 3.2, *) extension INIntent : _INIntentSetImageKeyPath { }`;
/// the reference's "via INIntentSetImageKeyPath".
@available(iOS 10.0, *)
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
