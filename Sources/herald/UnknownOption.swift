import ArgumentParser
import HeraldCore

/// An option the command it is given to does not have, reported before anything else.
///
/// ArgumentParser reports an unknown option only after it has decoded the command and run its
/// `validate()`, so a missing `--topic` or a failed check hid the real mistake: `send apns
/// --language fr` said "a payload file or the message flags, not both" (`fr` taken for the
/// payload). ``message(for:root:)`` runs first, in ``Herald/main()``.
enum UnknownOption {
    /// The error for the first long option in `arguments` (before a `--` terminator) that the
    /// command they name under `root` does not list in its help, hidden options included, with
    /// the nearest option it has; `nil` when there is none.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "herald"]
        var rest = arguments[...]
        while let word = rest.first, let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        let help = command.helpMessage(includeHidden: true, columns: 100_000)
        // A subcommand's own help leaves out the root's --version and ArgumentParser's built-ins.
        let builtIn: Set = ["--help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        let known = builtIn.union(help.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
        let given = rest.prefix { $0 != "--" }.filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) }
        guard let unknown = given.first(where: { !known.contains($0) }) else { return nil }
        // The nearest spelling, or an option that qualifies it (`--language` → `--text-language`).
        let near = unknown.nearest(in: known.sorted()) ?? known.sorted().first { $0.hasSuffix("-" + unknown.dropFirst(2)) }
        let guess = near.map { ". Did you mean '\($0)'?" } ?? ""
        let scope = path.joined(separator: " ")
        return "Error: Unknown option '\(unknown)'\(guess)\nUsage: \(root.usageString(for: command))\n  See '\(scope) --help' for more information."
    }
}
