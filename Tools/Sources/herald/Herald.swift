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
            the sender, avatar, conversation, group line and attachments, and why anything might fail; \
            `playground` draws it in a browser page as you edit the payload; `doctor` checks an \
            app's Xcode project for the set-up mistakes that silently turn a communication \
            notification into a plain one. It sends, through APNs or \
            OneSignal, exactly what the extension reads, and `apns-emulator` answers as APNs does, to \
            test a backend offline.

            Exit status: 0 success; 1 a payload has errors (lint, convert), a project has errors \
            (doctor) or a notification failed (send); 2 usage errors or unreadable files. Each \
            command's --help says exactly.
            """,
        version: Release.version,
        subcommands: [PreviewCommand.self, LintCommand.self, ConvertCommand.self, DoctorCommand.self, PlaygroundCommand.self, SendCommand.self, APNsEmulatorCommand.self]
    )

    /// Runs a command, mapping ArgumentParser's usage errors to exit status 2.
    static func main() async {
        if let message = CommandLineCheck.message(for: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            FileHandle.standardError.write(Data((message.terminalSafe + "\n").utf8))
            Foundation.exit(CLIError.usageExitCode)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error).terminalSafe + "\n").utf8))
                Foundation.exit(CLIError.usageExitCode)
            }
            exit(withError: error)
        }
    }
}
