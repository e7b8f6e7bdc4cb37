import ArgumentParser
import Foundation
import HeraldCore

@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Lint, preview and send iOS communication notifications, check an app's project, and run a local APNs.",
        discussion: """
            Herald reads push payloads from OneSignal, FCM, Notifee, Expo or plain APNs the way its \
            notification service extension does on the phone, and shows what the phone will show: \
            the sender (and how Focus will know them), avatar (or the initials the extension draws), \
            conversation, group line and attachments, and why anything might fail, with a push that \
            carries only ids fetched from your server (--content-server); \
            `playground` draws it in a browser page as you edit the payload; `doctor` checks an \
            app's Xcode project, or its signed .ipa, for the set-up mistakes that silently turn a communication \
            notification into a plain one. It sends, through APNs or \
            OneSignal, exactly what the extension reads; `request` writes the same for an FCM or \
            Expo backend to post; and `apns-emulator` answers as APNs does, to test a backend \
            offline.

            Exit status: 0 success; 1 a payload has errors (lint, convert), a project has errors \
            (doctor) or a notification failed (send); 2 usage errors or unreadable files. Each \
            command's --help says exactly.
            """,
        version: Release.version,
        subcommands: [PreviewCommand.self, LintCommand.self, ConvertCommand.self, DoctorCommand.self, PlaygroundCommand.self, SendCommand.self, RequestCommand.self, APNsEmulatorCommand.self]
    )

    /// Runs a command, mapping ArgumentParser's usage errors to exit status 2.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            stopAtMistakes(in: arguments)
            fail(error)
        }
        // ArgumentParser shows help even under a command that does not exist (`send apn --help`).
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "help" }) { stopAtMistakes(in: arguments) }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            fail(error)
        }
    }

    private static func fail(_ error: any Error) -> Never {
        if exitCode(for: error) == .validationFailure { usageError(fullMessage(for: error)) }
        exit(withError: error)
    }

    /// Stops with the mistake ``CommandLineCheck`` finds, if any. Only when parsing failed or help
    /// was asked for: a command line that parses has none, and the check renders the
    /// command's help, milliseconds that every run would pay otherwise (docs/benchmarks.md).
    private static func stopAtMistakes(in arguments: [String]) {
        if let message = CommandLineCheck.message(for: arguments, root: Self.self) { usageError(message) }
    }

    private static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message.terminalSafe + "\n").utf8))
        Foundation.exit(CLIError.usageExitCode)
    }
}
