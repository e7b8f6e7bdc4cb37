import HeraldCore

extension PreviewReport {
    /// The picture page for this preview.
    ///
    /// - Parameters:
    ///   - payload: the payload as the phone receives it, for the card without Herald.
    ///   - name: the payload file's name, for the page's title.
    ///   - app: the app's icon and name.
    func page(payload: Payload, name: String, app: AppLook) -> PreviewPage {
        var summary = ["layout \(notification.layoutName)", notification.extensionWillRun ? "the extension runs" : "the extension does not run"]
        if let conversion { summary.append("converted from a request body for the \(conversion.provider)") }
        if let action { summary.append(action) }
        return PreviewPage(
            title: "Herald preview: \(name)",
            withHerald: .withHerald(self, payload: payload, appName: app.name),
            withoutHerald: .withoutHerald(payload, appName: app.name),
            app: app, summary: summary.joined(separator: " · "),
            decisions: (conversion?.decisions ?? []) + notification.decisions, lint: lint)
    }
}
