import ArgumentParser

@main
struct Herald: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "herald", abstract: "iOS communication notifications")
}
