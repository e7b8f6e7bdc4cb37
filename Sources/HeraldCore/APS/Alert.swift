/// `aps.alert`: the text iOS shows, given as a string (the body) or a dictionary.
public struct Alert: Hashable, Sendable {
    /// `title`: the bold first line.
    public var title: String?
    /// `subtitle`: the line under the title.
    public var subtitle: String?
    /// `body`, which is also what a plain-string `alert` gives.
    public var body: String?
    /// `title-loc-key`: a key in the app's `Localizable.strings` that iOS shows in place of the title.
    public var titleLocKey: String?
    /// `title-loc-args`: the values for the format specifiers of ``titleLocKey``.
    public var titleLocArgs: [String]?
    /// `subtitle-loc-key`: a localization key for the subtitle.
    public var subtitleLocKey: String?
    /// `subtitle-loc-args`: the values for ``subtitleLocKey``.
    public var subtitleLocArgs: [String]?
    /// `loc-key`: a localization key for the body.
    public var locKey: String?
    /// `loc-args`: the values for ``locKey``.
    public var locArgs: [String]?
    /// `launch-image`: the image file iOS shows while the app launches from the notification.
    public var launchImage: String?

    /// - Parameters: the alert's text fields; all optional.
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil,
        titleLocKey: String? = nil, titleLocArgs: [String]? = nil,
        subtitleLocKey: String? = nil, subtitleLocArgs: [String]? = nil,
        locKey: String? = nil, locArgs: [String]? = nil, launchImage: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.titleLocKey = titleLocKey
        self.titleLocArgs = titleLocArgs
        self.subtitleLocKey = subtitleLocKey
        self.subtitleLocArgs = subtitleLocArgs
        self.locKey = locKey
        self.locArgs = locArgs
        self.launchImage = launchImage
    }

    /// The keys iOS reads in an alert dictionary.
    public static let knownKeys: Set<String> = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args",
        "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key",
        "summary-arg", "summary-arg-count",
    ]

    /// Whether iOS has something to show: literal text or a localization key.
    ///
    /// An alert with none of these (or an empty dictionary) is not shown, and iOS does not run
    /// the service extension for it.
    public var isVisible: Bool {
        // Each in turn rather than through an array of them, which would be allocated per call.
        func shows(_ text: String?) -> Bool { !(text ?? "").isEmpty }
        return shows(title) || shows(subtitle) || shows(body) || shows(titleLocKey) || shows(subtitleLocKey) || shows(locKey)
    }
}
