import HeraldCore

/// A preview with its lint findings: what `herald preview` prints.
struct PreviewReport {
    let preview: Preview
    let lint: [LintFinding]

    init(payload: Payload, layout: Layout?) {
        preview = Preview(payload: payload, layout: layout)
        lint = Linter.lint(payload, preview: preview)
    }
}
