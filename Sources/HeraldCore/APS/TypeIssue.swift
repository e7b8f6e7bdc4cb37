/// A value of the wrong JSON type found while reading a payload leniently.
///
/// Herald never fails on `"badge": "1"` or `"mutable-content": true`; it reads what is safe to
/// read and records each such value here, so lint reports it and a preview explains it.
public struct TypeIssue: Hashable, Sendable {
    /// The key as written, such as `badge` or `alert.title`.
    public let key: String
    /// What the key should hold, such as "the number 1".
    public let expected: String
    /// The value as found, short, such as `"1"` or `true`.
    public let found: String
    /// Whether Herald still used the value (`"1"` read as 1), or ignored it.
    public let wasRead: Bool
}
