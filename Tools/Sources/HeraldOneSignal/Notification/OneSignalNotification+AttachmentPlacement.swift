extension OneSignalNotification {
    /// Where a message's attachments travel in a OneSignal notification.
    ///
    /// Herald's extension reads both places and downloads each URL once. The choice matters for
    /// what else runs on the phone:
    /// - ``data`` (the default): only Herald's extension sees them, as `custom.a.attachments`,
    ///   with their kind and declared type, so the phone decodes exactly the message that was
    ///   sent. An extension that also forwards to OneSignal's SDK (see the OneSignal example
    ///   extension) downloads nothing twice: OneSignal's SDK only downloads `att`. An app
    ///   without Herald's extension shows no media.
    /// - ``iosAttachments``: OneSignal's `ios_attachments` (delivered as `att`), so an app with
    ///   only OneSignal's extension shows them too; `data` stays smaller. The kind is then
    ///   inferred from the URL's extension and a declared type is lost, and an extension that
    ///   forwards to OneSignal's SDK downloads the media twice (Herald, then OneSignal).
    /// - ``both``: each URL in both places, for a fleet where some installs run Herald's
    ///   extension and some only OneSignal's. Herald still downloads each once; forwarding to
    ///   OneSignal's SDK downloads again, as with ``iosAttachments``.
    public enum AttachmentPlacement: Hashable, Sendable, CaseIterable {
        /// In `data.attachments` only.
        case data
        /// In `ios_attachments` only.
        case iosAttachments
        /// In both.
        case both

        var includesData: Bool { self != .iosAttachments }
        var includesIOSAttachments: Bool { self != .data }
    }
}
