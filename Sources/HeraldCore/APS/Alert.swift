/// `aps.alert`: the text iOS shows, given as a string (the body) or a dictionary.
public struct Alert: Hashable, Sendable {
    public var title: String?
    public var subtitle: String?
    public var body: String?
    public var titleLocKey: String?
    public var titleLocArgs: [String]?
    public var subtitleLocKey: String?
    public var subtitleLocArgs: [String]?
    public var locKey: String?
    public var locArgs: [String]?
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
        [title, subtitle, body, titleLocKey, subtitleLocKey, locKey].contains { !($0 ?? "").isEmpty }
    }
}
