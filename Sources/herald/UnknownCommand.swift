import ArgumentParser
import HeraldCore

/// A word where a command goes that names none: `herald previw x` (ArgumentParser said "2
/// unexpected arguments") or `herald send apn --sandbox` (it said "Unknown option '--sandbox'",
/// blaming the option instead of the command).
enum UnknownCommand {
    /// The error for the first word that should name a subcommand and does not, with the
    /// nearest name; `nil` when each such word names one (or is an option, or `help`).
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "herald"]
        var rest = arguments[...]
        while !command.configuration.subcommands.isEmpty, let word = rest.first, !word.hasPrefix("-"), word != "help" {
            let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                let guess = word.nearest(in: names).map { "; did you mean \($0)?" } ?? ""
                let scope = path.joined(separator: " ")
                return "Error: \(scope) has no command \(word) (its commands: \(names.phrase(joinedBy: "and")))\(guess)\n  See '\(scope) --help' for more information."
            }
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        return nil
    }
}
