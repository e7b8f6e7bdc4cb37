import Crypto
import HeraldCore
import HeraldSealing

extension Decision.Code {
    /// Sealed content was opened and merged into the payload.
    public static let decrypted = Decision.Code(rawValue: "decrypted")
    /// Sealed content could not be opened; the body shows the fallback text.
    public static let decryptionFailed = Decision.Code(rawValue: "decryption-failed")
}

/// The pipeline's first step: opens a payload's sealed content and merges it into the payload.
///
/// It never fails and never crashes: content that cannot be opened (no provider, unknown key id,
/// wrong key, altered or cut bytes, bad base64, a plaintext that is not a JSON object) leaves a
/// payload whose alert body is the fallback text, and one ``/HeraldCore/Decision`` saying why.
public struct Decryptor: Sendable {
    /// Where keys come from; `nil` when none is configured, so every sealed payload fails.
    public var keyProvider: (any KeyProvider)?
    /// The alert body shown when sealed content cannot be opened.
    public var fallbackText: String

    /// - Parameters:
    ///   - keyProvider: where keys come from; `nil` for none.
    ///   - fallbackText: the alert body when sealed content cannot be opened; default
    ///     `"(Encrypted)"`.
    public init(keyProvider: (any KeyProvider)?, fallbackText: String = "(Encrypted)") {
        self.keyProvider = keyProvider
        self.fallbackText = fallbackText
    }

    /// Opens the sealed content in `payload`, if there is any, and merges it in.
    ///
    /// The sealed field is ``/HeraldSealing/SealedContent/fieldName`` in `layout`'s data root
    /// (``/HeraldCore/Layout/dataRoot(in:)``). When it is there:
    /// - on success, the plaintext's `title`, `subtitle` and `body` replace those of `aps.alert`
    ///   (a string alert becomes an object whose body it was; other `aps` keys stay), every other
    ///   plaintext key is written into the data root, overwriting, and the sealed field is
    ///   removed. A plaintext `sealed` key, and an `aps` key when the data root is the top level,
    ///   are ignored with a ``/HeraldCore/Decision/Code/valueIgnored`` decision.
    /// - on failure, `aps.alert`'s body becomes ``fallbackText`` (title and subtitle stay), the
    ///   sealed field is removed, and one ``HeraldCore/Decision/Code/decryptionFailed`` decision
    ///   names the ``/HeraldSealing/DecryptionError/Code``.
    ///
    /// A data root held as JSON text in a string (FCM, some OneSignal SDKs) is written back as an
    /// object; layouts read both.
    ///
    /// - Parameters:
    ///   - payload: the whole payload (`userInfo`).
    ///   - layout: the layout that locates the data root.
    /// - Returns: the payload to decode, the status, and the decisions taken.
    public func decrypt(_ payload: JSONValue, layout: Layout) async -> DecryptionOutcome {
        let root = layout.dataRoot(in: payload).tokens[...]
        guard let sealedValue = Self.object(in: payload, at: root)?[SealedContent.fieldName] else {
            return DecryptionOutcome(payload: payload, status: .notEncrypted, decisions: [])
        }
        var result = payload
        Self.updateObject(in: &result, at: root) { $0[SealedContent.fieldName] = nil }
        do throws(DecryptionError) {
            let (content, plaintext) = try await open(sealedValue)
            var decisions: [Decision] = []
            let merged = Self.merge(plaintext, into: &result, root: root, decisions: &decisions)
            let summary = merged.isEmpty ? "nothing to merge" : "merged " + merged.joined(separator: ", ")
            decisions.insert(Decision(.decrypted, "opened content sealed under key id \"\(content.keyID)\": \(summary)"), at: 0)
            return DecryptionOutcome(payload: result, status: .decrypted, decisions: decisions)
        } catch {
            Self.setAlertFields(["body": .string(fallbackText)], in: &result)
            let decision = Decision(.decryptionFailed, "\(error.code.rawValue): \(error.message); the body shows \"\(fallbackText)\"")
            return DecryptionOutcome(payload: result, status: .failed, decisions: [decision], error: error)
        }
    }

    /// Reads the sealed field, gets its key and opens it.
    private func open(_ value: JSONValue) async throws(DecryptionError) -> (SealedContent, JSONValue) {
        guard let keyProvider else {
            throw DecryptionError(.noKeyProvider, "no key provider configured, so sealed content cannot be opened (the extension's keyProvider; --decryption-keys or HERALD_DECRYPTION_KEYS in herald)")
        }
        let content = try SealedContent(json: value)
        let key: SymmetricKey?
        do {
            key = try await keyProvider.key(for: content.keyID)
        } catch let error as DecryptionError {
            throw error
        } catch {
            throw DecryptionError(.keyProviderFailed, "the key provider failed for key id \"\(content.keyID)\": \(error)")
        }
        guard let key else {
            throw DecryptionError(.unknownKeyID, "no key with id \"\(content.keyID)\"")
        }
        return (content, try content.open(using: key))
    }

    /// Writes an opened plaintext into the payload; returns the merged keys' names, sorted.
    private static func merge(_ plaintext: JSONValue, into payload: inout JSONValue, root: ArraySlice<String>, decisions: inout [Decision]) -> [String] {
        var alertFields: [String: JSONValue] = [:]
        var dataFields: [String: JSONValue] = [:]
        for (key, value) in plaintext.objectValue ?? [:] {
            switch key {
            case "title", "subtitle", "body":
                alertFields[key] = value
            case SealedContent.fieldName:
                decisions.append(Decision(.valueIgnored, "sealed content's own \"\(key)\" key ignored: sealed content does not nest"))
            case "aps" where root.isEmpty:
                decisions.append(Decision(.valueIgnored, "sealed content's \"aps\" key ignored: only title, subtitle and body reach aps.alert"))
            case _ where root.isEmpty && Layout.isProviderMarker(key):
                // The layout was chosen before decryption and the content is decoded with it;
                // a marker merged here would make the payload read as another provider's.
                decisions.append(Decision(.valueIgnored, "sealed content's \"\(key)\" key ignored: it marks a provider's payload, and the layout was chosen from the payload as delivered"))
            default:
                dataFields[key] = value
            }
        }
        if !dataFields.isEmpty {
            updateObject(in: &payload, at: root) { $0.merge(dataFields) { _, sealed in sealed } }
        }
        if !alertFields.isEmpty {
            setAlertFields(alertFields, in: &payload)
        }
        decisions.sort { $0.message < $1.message }
        return (Array(alertFields.keys) + Array(dataFields.keys)).sorted()
    }

    /// Sets fields of `aps.alert`, making it an object (a string alert was its body) and keeping
    /// every other `aps` key.
    static func setAlertFields(_ fields: [String: JSONValue], in payload: inout JSONValue) {
        updateObject(in: &payload, at: ["aps"]) { aps in
            var alert: [String: JSONValue]
            switch aps["alert"] {
            case .string(let body)?: alert = ["body": .string(body)]
            case let value?: alert = embeddedObject(value) ?? [:]
            case nil: alert = [:]
            }
            alert.merge(fields) { _, new in new }
            aps["alert"] = .object(alert)
        }
    }

    /// The object at `tokens`, reading JSON held in strings on the way as ``JSONPointer`` does.
    static func object(in value: JSONValue, at tokens: ArraySlice<String>) -> [String: JSONValue]? {
        guard let members = embeddedObject(value) else { return nil }
        guard let first = tokens.first else { return members }
        return members[first].flatMap { object(in: $0, at: tokens.dropFirst()) }
    }

    /// Changes the object at `tokens`, creating objects on the way; an object held as JSON text
    /// is written back as an object.
    static func updateObject(in value: inout JSONValue, at tokens: ArraySlice<String>, _ change: (inout [String: JSONValue]) -> Void) {
        var members = embeddedObject(value) ?? [:]
        if let first = tokens.first {
            var child = members[first] ?? .object([:])
            updateObject(in: &child, at: tokens.dropFirst(), change)
            members[first] = child
        } else {
            change(&members)
        }
        value = .object(members)
    }

    /// An object, or a string holding one as JSON text; `nil` otherwise.
    private static func embeddedObject(_ value: JSONValue) -> [String: JSONValue]? {
        switch value {
        case .object(let members):
            return members
        case .string(let text):
            return JSONPointer.embeddedContainer(text)?.objectValue
        default:
            return nil
        }
    }
}

/// What ``Decryptor/decrypt(_:layout:)`` did to a payload.
public struct DecryptionOutcome: Sendable, Hashable {
    /// Whether the payload held sealed content, and whether it opened.
    public enum Status: String, Hashable, Sendable {
        /// No sealed field in the data root; the payload is unchanged.
        case notEncrypted = "not-encrypted"
        /// The content was opened and merged.
        case decrypted
        /// The content could not be opened; the body is the fallback text.
        case failed
    }

    /// The payload to decode: merged on success, with the fallback body on failure.
    public var payload: JSONValue
    /// Whether the payload was sealed, and whether it opened.
    public var status: Status
    /// One ``HeraldCore/Decision/Code/decrypted`` or ``HeraldCore/Decision/Code/decryptionFailed``
    /// decision when the payload was sealed (plus any ignored keys on success); none otherwise.
    public var decisions: [Decision]
    /// Why the content could not be opened, when ``status`` is ``Status/failed``.
    public var error: DecryptionError?

    /// - Parameters: see the properties.
    public init(payload: JSONValue, status: Status, decisions: [Decision], error: DecryptionError? = nil) {
        self.payload = payload
        self.status = status
        self.decisions = decisions
        self.error = error
    }
}
