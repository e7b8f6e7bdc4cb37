extension JSONValue {
    /// This value with `other` written over it: objects merge key by key, at every depth;
    /// anything else is replaced by `other`'s value.
    ///
    /// - Parameter other: the value that wins where both have a non-object value.
    /// - Returns: the merged value.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let others) = other else { return other }
        for (key, value) in others {
            members[key] = members[key].map { $0.merging(value) } ?? value
        }
        return .object(members)
    }
}
