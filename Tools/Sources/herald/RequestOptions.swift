import ArgumentParser

/// `--language`, for commands that read a provider's request body.
struct RequestOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "For a OneSignal request body: the recipient's language, whose headings, subtitle and contents text the phone gets (English where a text lacks it, as OneSignal does).",
        valueName: "code"))
    var language = "en"
}
