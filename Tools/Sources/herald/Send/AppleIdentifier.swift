import ArgumentParser

/// A Key ID or Team ID from Apple's developer site: 10 letters and digits. Checked before a
/// provider token is signed with it, since APNs only says InvalidProviderToken.
enum AppleIdentifier {
    /// - Parameters:
    ///   - value: the option's value; `nil` when not given.
    ///   - flag: `--key-id` or `--team-id`.
    ///   - where: where the user finds the right one.
    /// - Throws: `ValidationError` naming the flag and what it should look like.
    static func check(_ value: String?, flag: String, where place: String) throws {
        guard let value else { return }
        guard value.count == 10, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw ValidationError("\(flag) \(value) is not one of Apple's: they are 10 letters and digits (\(place))")
        }
    }

    /// Both of a .p8 key's identifiers.
    static func check(keyID: String?, teamID: String?) throws {
        try check(keyID, flag: "--key-id", where: "shown beside the key on the Keys page of Certificates, Identifiers & Profiles")
        try check(teamID, flag: "--team-id", where: "shown under Membership details on Apple's developer site")
    }
}
