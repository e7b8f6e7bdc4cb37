import ArgumentParser
@_spi(HeraldTools) import HeraldCore

/// The command line's mistakes ArgumentParser reports badly, looked for when its parsing fails:
/// a word where a command goes that names none, and an option the command does not have.
///
/// ArgumentParser said "2 unexpected arguments" for `herald previw x`, blamed `--sandbox` in
/// `herald send apn --sandbox`, and reports an unknown option only after decoding the command
/// and running its `validate()`, so `send apns --language fr` said "Missing expected argument
/// '--topic'" or "a payload file or the message flags, not both" (`fr` taken for the payload).
enum CommandLineCheck {
    /// The first mistake's error, with usage and the nearest name; `nil` when there is none.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "herald"]
        var rest = arguments[...]
        while !command.configuration.subcommands.isEmpty, let word = rest.first, !word.hasPrefix("-"), word != "help" {
            let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
            let scope = path.joined(separator: " ")
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                let guess = word.nearest(in: names).map { "; did you mean \($0)?" } ?? ""
                return "Error: \(scope) has no command \(word) (its commands: \(names.phrase(joinedBy: "and")))\(guess)\n  See '\(scope) --help' for more information."
            }
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        guard let unknown = unknownOption(in: rest, of: command) else { return nil }
        let known = knownOptions(of: command).sorted()
        // The nearest spelling, or an option that qualifies it (`--language` → `--text-language`).
        let near = unknown.nearest(in: known) ?? known.first { $0.hasSuffix("-" + unknown.dropFirst(2)) }
        let guess = near.map { ". Did you mean '\($0)'?" } ?? ""
        let scope = path.joined(separator: " ")
        return "Error: Unknown option '\(unknown)'\(guess)\nUsage: \(root.usageString(for: command))\n  See '\(scope) --help' for more information."
    }

    /// The first long option before a `--` terminator that `command` does not have.
    private static func unknownOption(in arguments: ArraySlice<String>, of command: any ParsableCommand.Type) -> String? {
        let given = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) }
        guard !given.isEmpty else { return nil }  // the help is rendered only when there is something to check
        let known = knownOptions(of: command)
        return given.first { !known.contains($0) }
    }

    /// The long options `command`'s help lists, hidden ones included, and ArgumentParser's
    /// built-ins (a subcommand's own help leaves out the root's --version).
    private static func knownOptions(of command: any ParsableCommand.Type) -> Set<String> {
        let help = command.helpMessage(includeHidden: true, columns: 100_000)
        let builtIn: Set = ["--help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        return builtIn.union(help.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
    }
}
