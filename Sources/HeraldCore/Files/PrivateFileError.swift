/// Why a folder or file Herald keeps for itself cannot be used safely.
///
/// Herald's folders are private to the user who runs it: it refuses a folder that another user
/// owns or can write in, and never follows a symbolic link where it expects one of its own
/// folders or files, since another local user could have planted it.
@_spi(HeraldTools) public struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for code that reacts to it; ``description`` says it to a person.
    @_spi(HeraldTools) public enum Code: Hashable, Sendable {
        /// The path is a symbolic link.
        case symbolicLink
        /// A folder was expected and something else is there.
        case notAFolder
        /// A regular file was expected and something else is there.
        case notAFile
        /// Another user owns it.
        case ownedByAnother
        /// Its group or other users can write in it.
        case writableByOthers
        /// The system refused to create, open or write it.
        case failed
    }

    /// What is wrong with the path.
    @_spi(HeraldTools) public let code: Code
    /// The path it is about.
    @_spi(HeraldTools) public let path: String
    /// A sentence naming the path, what is wrong and what to do.
    @_spi(HeraldTools) public let description: String

    /// - Parameters:
    ///   - code: what is wrong.
    ///   - path: the folder or file it is about.
    ///   - description: the sentence to show, naming the path and what to do.
    @_spi(HeraldTools) public init(_ code: Code, path: String, _ description: String) {
        self.code = code
        self.path = path
        self.description = description
    }

    /// Errors are equal when they say the same thing of the same path, whatever the wording.
    @_spi(HeraldTools) public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.path == rhs.path
    }

    @_spi(HeraldTools) public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
    }
}
