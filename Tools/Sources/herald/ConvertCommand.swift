import ArgumentParser
import Foundation
import HeraldCore

struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Print the payload a phone receives for a OneSignal, FCM v1 or Expo request body.",
        discussion: """
            REQUEST is the JSON a backend posts to the provider: OneSignal's create-notification \
            body (POST /notifications), FCM's HTTP v1 send body ({"message": {...}}), or an Expo \
            push message (or a list of them: each is checked, the first converted). Herald converts it the way \
            the provider does and prints the payload iOS hands the extension (userInfo) on \
            standard output; on standard error it says where each field went, which fields never \
            reach the phone and why, and the APNs headers the provider sets. Values the provider \
            fills in when it sends (OneSignal's notification id, FCM's message id, Expo's \
            project) are shown as placeholders. The mapping and its sources: \
            docs/provider-requests.md.

            `herald preview` and `herald lint` of a request body convert it the same way first.

            Exit status: 0 converted, 1 not JSON, not a request body Herald converts, or a \
            request the provider would refuse; 2 usage errors or unreadable files.
            """
    )

    @Argument(help: ArgumentHelp("The request body file, or - for standard input.", valueName: "request"))
    var request: String

    @Flag(name: .long, help: "Print one JSON object: {\"provider\", \"payload\", \"headers\", \"decisions\": [{\"code\", \"message\"}]}.")
    var json = false

    @OptionGroup var requestOptions: RequestOptions

    func run() async throws {
        let source = PayloadSource(argument: request)
        let device: DevicePayload
        do {
            device = try DevicePayload(data: try source.read(), language: requestOptions.language)
        } catch let error as CLIError {
            error.exit()
        } catch let failure as DevicePayload.Failure {
            CLIError(description: "\(source.displayName): \(failure.finding.message)", exitCode: 1).exit()
        }
        guard let conversion = device.conversion else {
            let hint = device.payload.aps != nil ? " It has aps, so it already is what the phone receives: preview or lint it as it is." : ""
            CLIError(
                description: "\(source.displayName): not a OneSignal, FCM v1 or Expo request body.\(hint)",
                exitCode: 1
            ).exit()
        }
        if json {
            printJSON(conversion.json, .pretty)
            return
        }
        printJSON(conversion.payload, .pretty)
        for decision in conversion.decisions {
            printError("- \(decision.message) [\(decision.code.rawValue)]")
        }
        if let headers = conversion.headerLine { printError(headers) }
    }
}
