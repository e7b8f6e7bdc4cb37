import Foundation

/// A custom layout definition that cannot be used, and why.
public struct LayoutDefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the definition, for code that reacts to it; an open set of names.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The text is not valid JSON (``Layout/init(definitionData:)`` only).
        public static let invalidJSON = Code(rawValue: "invalid-json")
        /// The definition is not a JSON object.
        public static let notAnObject = Code(rawValue: "not-an-object")
        /// A key the format does not have, at the top level, in `communication` or in an `attachments`
        /// entry.
        public static let unknownKey = Code(rawValue: "unknown-key")
        /// A value of the wrong JSON type, or an `attachments` entry without a `url`.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// A string that is not a JSON Pointer (one is empty or starts with `/`, and writes `~` as
        /// `~0`).
        public static let invalidPointer = Code(rawValue: "invalid-pointer")
        /// A pointer of more steps than ``JSONValue/maximumDepth``: no payload Herald reads
        /// can hold a value there.
        public static let pointerTooDeep = Code(rawValue: "pointer-too-deep")
        /// `extends` names no built-in layout.
        public static let unknownBaseLayout = Code(rawValue: "unknown-base-layout")
    }

    /// What is wrong.
    public let code: Code
    /// What is wrong and where, for a person.
    public let message: String

    public var description: String { message }
}

extension Layout {
    /// The keys a custom layout's `communication` object may hold.
    public static var definitionFieldNames: [String] { FieldPointers.fields.map(\.name) }

    /// Reads a custom layout from the JSON format `--layout-file` and the extension's
    /// Info.plist `Herald` dictionary share:
    ///
    /// ```json
    /// {"name": "zulip", "extends": "onesignal",
    ///  "communication": {"senderName": ["/sender_full_name"], "recipients": ["/pm_users"]},
    ///  "attachments": ["/image_url"]}
    /// ```
    ///
    /// Every value is a list of JSON Pointers, tried in order. All keys are optional. With
    /// `extends`, the layout starts from that built-in layout: its container, and its pointers
    /// after the custom ones. Without it, only the custom pointers are read, from top-level keys.
    ///
    /// - Parameter definition: the parsed definition.
    /// - Throws: ``LayoutDefinitionError`` naming the first unknown key, wrong type, malformed
    ///   pointer, pointer of more than ``JSONValue/maximumDepth`` steps, or unknown base layout.
    public init(definition: JSONValue) throws(LayoutDefinitionError) {
        guard let members = definition.objectValue else {
            throw LayoutDefinitionError(code: .notAnObject, message: "a layout definition must be a JSON object, not \(definition.typeName)")
        }
        let knownKeys = ["name", "extends", "communication", "attachments"]
        if let unknown = members.keys.sorted().first(where: { !knownKeys.contains($0) }) {
            throw LayoutDefinitionError(code: .unknownKey, message: "unknown key \"\(unknown)\" in the layout definition; known keys: \(knownKeys.joined(separator: ", "))")
        }
        let base: Layout?
        switch members["extends"] {
        case nil: base = nil
        case .string(let name)?:
            guard let builtIn = Layout.builtIn(named: name) else {
                throw LayoutDefinitionError(
                    code: .unknownBaseLayout,
                    message: "\"extends\": \"\(name)\" names no built-in layout; use one of \(Layout.builtIn.map(\.name).joined(separator: ", "))")
            }
            base = builtIn
        case let other?:
            throw LayoutDefinitionError(code: .wrongType, message: "\"extends\" must be a string, not \(other.typeName)")
        }
        var fields = FieldPointers()
        switch members["communication"] {
        case nil: break
        case .object(let entries)?:
            for key in entries.keys.sorted() {
                guard let field = FieldPointers.fields.first(where: { $0.name == key }) else {
                    throw LayoutDefinitionError(
                        code: .unknownKey,
                        message: "unknown key \"communication.\(key)\"; known keys: \(Layout.definitionFieldNames.joined(separator: ", "))")
                }
                fields[keyPath: field.keyPath] = try Layout.pointers(entries[key]!, at: "communication.\(key)")
            }
        case let other?:
            throw LayoutDefinitionError(code: .wrongType, message: "\"communication\" must be an object, not \(other.typeName)")
        }
        let attachments = try members["attachments"].map(Layout.attachmentSources) ?? []
        let name: String
        switch members["name"] {
        case nil: name = base.map { "custom(\($0.name))" } ?? "custom"
        case .string(let text)?: name = text
        case let other?:
            throw LayoutDefinitionError(code: .wrongType, message: "\"name\" must be a string, not \(other.typeName)")
        }
        self.init(
            name: name,
            container: base?.container ?? .apns,
            fields: base.map { fields.followed(by: $0.fields) } ?? fields,
            attachments: attachments + (base?.attachments ?? []),
            groupNameFallbacks: base?.groupNameFallbacks ?? []
        )
    }

    /// Reads a custom layout from JSON text; see ``init(definition:)``.
    ///
    /// - Throws: ``LayoutDefinitionError`` with code `invalid-json` (with line and column) or
    ///   any error ``init(definition:)`` throws.
    public init(definitionData data: Data) throws(LayoutDefinitionError) {
        let definition: JSONValue
        do {
            definition = try JSONValue(parsing: data)
        } catch {
            throw LayoutDefinitionError(code: .invalidJSON, message: "the layout file is not valid JSON: \(error)")
        }
        try self.init(definition: definition)
    }

    /// `attachments` entries: a pointer to URLs, or `{"url": pointer, "type": pointer}` when the
    /// declared type sits in a field of its own (Braze's `i_t`, Klaviyo's `rich-media-type`).
    private static func attachmentSources(_ value: JSONValue) throws(LayoutDefinitionError) -> [AttachmentSource] {
        guard let entries = value.arrayValue else {
            throw LayoutDefinitionError(code: .wrongType, message: "\"attachments\" must be a list of JSON Pointers such as [\"/image_url\"], not \(value.typeName)")
        }
        var sources: [AttachmentSource] = []
        for entry in entries {
            guard case .object(let fields) = entry else {
                sources.append(AttachmentSource(url: try pointers(.array([entry]), at: "attachments")[0]))
                continue
            }
            if let unknown = fields.keys.sorted().first(where: { $0 != "url" && $0 != "type" }) {
                throw LayoutDefinitionError(code: .unknownKey, message: "unknown key \"attachments.\(unknown)\"; an attachment entry holds \"url\" and optionally \"type\"")
            }
            guard let url = fields["url"] else {
                throw LayoutDefinitionError(code: .wrongType, message: "an \"attachments\" entry needs a \"url\" pointer")
            }
            let urlPointer = try pointers(.array([url]), at: "attachments.url")[0]
            let typePointer = try fields["type"].map { value throws(LayoutDefinitionError) in try pointers(.array([value]), at: "attachments.type")[0] }
            sources.append(AttachmentSource(url: urlPointer, declaredType: typePointer))
        }
        return sources
    }

    private static func pointers(_ value: JSONValue, at key: String) throws(LayoutDefinitionError) -> [JSONPointer] {
        guard let elements = value.arrayValue else {
            throw LayoutDefinitionError(code: .wrongType, message: "\"\(key)\" must be a list of JSON Pointers such as [\"/sender_id\"], not \(value.typeName)")
        }
        var pointers: [JSONPointer] = []
        for element in elements {
            guard let text = element.stringValue else {
                throw LayoutDefinitionError(code: .wrongType, message: "\"\(key)\" holds \(element.typeName); each entry must be a JSON Pointer string")
            }
            guard let pointer = JSONPointer(text) else {
                throw LayoutDefinitionError(code: .invalidPointer, message: "\"\(key)\": \"\(text)\" is not a JSON Pointer (it must start with / and escape ~ as ~0)")
            }
            guard pointer.tokens.count <= JSONValue.maximumDepth else {
                throw LayoutDefinitionError(
                    code: .pointerTooDeep,
                    message: "\"\(key)\": a pointer of \(pointer.tokens.count) steps reaches deeper than the \(JSONValue.maximumDepth) levels of nesting Herald reads")
            }
            pointers.append(pointer)
        }
        return pointers
    }
}
