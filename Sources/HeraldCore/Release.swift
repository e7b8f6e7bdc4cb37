/// Which Herald this is.
public enum Release {
    /// Herald's version, in semantic-version form: the one place it is written.
    ///
    /// `herald --version` prints it, and a test holds it equal to the newest section of
    /// CHANGELOG.md. Releases are git tags of the same text (`0.1.0`, no `v`).
    public static let version = "0.1.0"
}
