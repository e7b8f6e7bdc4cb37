import ArgumentParser

/// `--app-icon` and `--app-name`: the app's look in the picture, for the commands that draw it.
struct AppLookOptions: ParsableArguments {
    @Option(name: .customLong("app-icon"), help: ArgumentHelp("The app's icon for the picture: a PNG, JPEG, GIF or WebP file (default: a grey placeholder).", valueName: "image"))
    var appIcon: String?

    @Option(name: .customLong("app-name"), help: ArgumentHelp("The app's name for the picture, shown where there is no title (default: \"\(AppLook.placeholderName)\").", valueName: "name"))
    var appName: String?

    /// The app's look.
    ///
    /// - Throws: ``CLIError`` (status 2) for an icon file that cannot be used (see ``AppLook``).
    func resolve() throws(CLIError) -> AppLook {
        try AppLook(iconFile: appIcon, name: appName)
    }
}
