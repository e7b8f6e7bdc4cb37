import Foundation
@_spi(HeraldTools) import HeraldCore

extension PropertyList {
    /// Reads a property list in any of its formats: XML, binary, or OpenStep (the format of
    /// `project.pbxproj`).
    ///
    /// Arrays and dictionaries nest at most ``maximumDepth`` deep. A binary property list may
    /// refer to one array or dictionary from many places: one that stands for more than
    /// ``maximumValues`` values, every reference followed, is refused before it is expanded.
    ///
    /// - Parameter data: the file's bytes.
    /// - Throws: ``PropertyListError``, with a line number for XML and OpenStep text.
    public init(reading data: Data) throws(PropertyListError) {
        let isBinary = data.starts(with: Array("bplist".utf8))
        // Foundation reads a binary list it refuses again as text, and reports that
        // ("Unexpected character b at line 1").
        let unreadableBinary = PropertyListError(line: nil, reason: "not a readable binary property list (malformed, or nested deeper than \(Self.maximumDepth) levels)")
        if isBinary {
            guard let count = BinaryPropertyList.valueCount(in: data, limit: Self.maximumValues) else { throw unreadableBinary }
            guard count <= Self.maximumValues else {
                throw PropertyListError(line: nil, reason: "its arrays and dictionaries, referred to from many places, stand for more than \(Self.maximumValues) values")
            }
        }
        if isBinary || Self.looksLikeXML(data) {
            let object: Any
            do {
                object = try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                if isBinary { throw unreadableBinary }
                throw Self.foundationError(error, in: data)
            }
            self = try Self.bridge(object)
        } else {
            self = try OpenStepParser.parse(data)
        }
    }

    private static func looksLikeXML(_ data: Data) -> Bool {
        let start = data.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return start.first == UInt8(ascii: "<")
    }

    /// Foundation's reason, with its line when it gives one ("… on line 5 …"), or the last
    /// line for a file that ends too soon.
    private static func foundationError(_ error: Error, in data: Data) -> PropertyListError {
        let reason = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        let words = reason.split(separator: " ")
        var line = zip(words, words.dropFirst()).first { $0.0 == "line" }.flatMap { Int($0.1.trimmingCharacters(in: .punctuationCharacters)) }
        if line == nil, reason.contains("EOF") || reason.contains("end of file") {
            line = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count - (data.last == UInt8(ascii: "\n") ? 1 : 0)
        }
        guard !reason.hasPrefix("Too many nested arrays or dictionaries") else {
            return PropertyListError(line: line, reason: "nesting deeper than \(maximumDepth) levels")
        }
        return PropertyListError(line: line, reason: "not a readable property list: \(reason)")
    }

    private static func bridge(_ object: Any) throws(PropertyListError) -> PropertyList {
        switch object {
        case let elements as [Any]:
            var values: [PropertyList] = []
            for element in elements { values.append(try bridge(element)) }
            return .array(values)
        case let entries as [AnyHashable: Any]:
            var values: [String: PropertyList] = [:]
            for (key, entry) in entries {
                guard let name = key.base as? String else { throw PropertyListError(line: nil, reason: "a dictionary key is not a string") }
                values[name] = try bridge(entry)
            }
            return .dictionary(values)
        case let text as String: return .string(text)
        case let date as Date: return .date(date)
        case let bytes as Data: return .data(bytes)
        case let number as NSNumber where Platform.isBoolean(number): return .bool(number.boolValue)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "d", "f": return .real(number.doubleValue)
            default: return .integer(number.intValue)
            }
        default:
            throw PropertyListError(line: nil, reason: "a value of type \(type(of: object)) is not a property-list value")
        }
    }
}
