import ArgumentParser

/// Whether the command line gives an option that the command it runs does not have.
///
/// ArgumentParser runs a command's `validate()`, and its option groups', before it reports an
/// option it does not know, so a validation error hid the real mistake: `send apns --language
/// fr` said "a payload file or the message flags, not both" (`fr` taken for the payload)
/// instead of "Unknown option '--language'". Each `validate()` returns at once when this is
/// true, and ArgumentParser then reports the option itself, with its did-you-mean.
enum UnknownOption {
    static let isOnCommandLine = first(in: Array(CommandLine.arguments.dropFirst()), root: Herald.self) != nil

    /// The first long option in `arguments` (before a `--` terminator) that the command they
    /// name under `root` does not list in its help, hidden options included.
    static func first(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var rest = arguments[...]
        while let word = rest.first, let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = next
            rest = rest.dropFirst()
        }
        let help = command.helpMessage(includeHidden: true, columns: 100_000)
        let known = Set(help.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
        return rest.prefix { $0 != "--" }.filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) }.first { !known.contains($0) }
    }
}
