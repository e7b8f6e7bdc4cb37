import Foundation

extension JSONValue {
    /// A `userInfo` value that JSON cannot represent, or nested deeper than Herald reads.
    public struct UnsupportedValueError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the value.
        public struct Code: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }

            /// A type JSON has no value for: a `Date`, `Data`, or a non-string key.
            public static let unsupportedType = Code(rawValue: "unsupported-type")
            /// Arrays and dictionaries nested deeper than ``JSONValue/maximumDepth``, the limit
            /// JSON text is parsed with.
            public static let tooDeep = Code(rawValue: "too-deep")
        }

        /// What is wrong with the value.
        public let code: Code
        /// JSON Pointer to the value, such as `/custom/a/when`.
        public let pointer: String
        /// The Swift type found there.
        public let typeName: String

        init(_ code: Code = .unsupportedType, pointer: String, typeName: String) {
            self.code = code
            self.pointer = pointer
            self.typeName = typeName
        }

        public var description: String {
            let place = pointer.isEmpty ? "/" : pointer
            if code == .tooDeep {
                return "the value at \(place) is nested deeper than \(JSONValue.maximumDepth) arrays and dictionaries, more than Herald reads"
            }
            return "the value at \(place) is a \(typeName), which JSON cannot hold"
        }
    }

    /// Reads the dictionary iOS hands a notification service extension (`request.content.userInfo`).
    ///
    /// iOS builds `userInfo` from the JSON payload, so every value is a string, a number, a
    /// boolean, `NSNull`, an array or a dictionary. Booleans stay booleans (they are told apart
    /// from the numbers 0 and 1), and integers keep every digit.
    ///
    /// - Parameter userInfo: the notification's user info.
    /// - Throws: ``UnsupportedValueError`` naming the first value JSON cannot hold (a `Date`,
    ///   `Data`, or a non-string key), or the first nested deeper than ``maximumDepth``
    ///   (code `too-deep`, as the parser refuses such JSON text), so a caller can record why it
    ///   fell back.
    public init(userInfo: [AnyHashable: Any]) throws(UnsupportedValueError) {
        self = try JSONValue.bridge(userInfo, pointer: "", depth: 0)
    }

    /// `depth` counts the arrays and dictionaries around `value`, as the parser counts them.
    private static func bridge(_ value: Any, pointer: String, depth: Int) throws(UnsupportedValueError) -> JSONValue {
        // Containers first: on Linux, asking whether a Swift dictionary is an `NSNull` or
        // `NSNumber` bridges it, with everything inside it, to Foundation: once per level.
        switch value {
        case _ where depth >= JSONValue.maximumDepth && (value is [Any] || value is [AnyHashable: Any]):
            throw UnsupportedValueError(.tooDeep, pointer: pointer, typeName: String(describing: type(of: value)))
        case let elements as [Any]:
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                array.append(try bridge(element, pointer: pointer + "/\(index)", depth: depth + 1))
            }
            return .array(array)
        case let members as [AnyHashable: Any]:
            var object: [String: JSONValue] = [:]
            for (key, member) in members {
                guard let name = key.base as? String else {
                    throw UnsupportedValueError(pointer: pointer + "/\(key)", typeName: "key of type \(type(of: key.base))")
                }
                object[name] = try bridge(member, pointer: pointer + "/" + JSONPointer.escape(name), depth: depth + 1)
            }
            return .object(object)
        case is NSNull:
            return .null
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            return bridge(number)
        default:
            throw UnsupportedValueError(pointer: pointer, typeName: String(describing: type(of: value)))
        }
    }

    private static func bridge(_ number: NSNumber) -> JSONValue {
        if Platform.isBoolean(number) {
            return .bool(number.boolValue)
        }
        if number is NSDecimalNumber {
            return .number(JSONNumber(text: number.description) ?? JSONNumber(number.int64Value))
        }
        switch String(cString: number.objCType) {
        case "d", "f":
            return JSONNumber(number.doubleValue).map(JSONValue.number) ?? .null
        case "Q", "L", "I", "S", "C":
            return .number(JSONNumber(number.uint64Value))
        default:
            return .number(JSONNumber(number.int64Value))
        }
    }

    /// The value as Foundation objects, the shape `userInfo` and `JSONSerialization` use.
    ///
    /// Integers that fit `Int64` become integer `NSNumber`s; larger ones become
    /// `NSDecimalNumber`, which keeps their digits.
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return NSNumber(value: flag)
        case .string(let text): return text
        case .number(let number):
            if let exact = Int64(number.text) { return NSNumber(value: exact) }
            if number.isIntegerLiteral { return NSDecimalNumber(string: number.text) }
            return NSNumber(value: number.doubleValue)
        case .array(let elements): return elements.map(\.foundationObject)
        case .object(let members): return members.mapValues(\.foundationObject)
        }
    }
}
