import ArgumentParser

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a notification through APNs or OneSignal.",
        discussion: """
            Builds the payload Herald's extension reads (or sends a payload file as it is) and \
            sends it.

            Exit status: 0 every notification was accepted, 1 any failed, 2 usage errors or \
            unreadable files.
            """,
        subcommands: [SendAPNsCommand.self, SendOneSignalCommand.self]
    )
}
