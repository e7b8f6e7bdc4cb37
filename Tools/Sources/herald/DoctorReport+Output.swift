import Foundation
import HeraldCore
import HeraldDoctor

extension DoctorReport {
    /// The report for a terminal: a summary line, then each target's findings.
    func text(problemsOnly: Bool) -> String {
        let shown = findings.filter { !problemsOnly || $0.status != .ok }
        var lines = ["\(projectURL.path) (\(configurations.joined(separator: ", ")))"]
        for found in extensions {
            let kind = found.kind == .service ? "notification service extension" : "notification content extension"
            let categories = found.categories.isEmpty ? "" : " (categories \(found.categories.joined(separator: ", ")))"
            let apps = found.apps.isEmpty ? ", with no app" : " of app\(found.apps.count == 1 ? "" : "s") \(found.apps.joined(separator: ", "))"
            lines.append("  \(kind) \(found.target)\(apps)\(categories)")
        }
        var target: String?? = .none
        for finding in shown {
            if target != .some(finding.target) {
                target = .some(finding.target)
                lines.append(finding.target ?? "Project")
            }
            let scope = finding.configurations.count == configurations.count ? "" : " [\(finding.configurations.joined(separator: ", "))]"
            lines.append("  \(finding.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(finding.check.id): \(finding.message)\(scope)")
            if let fix = finding.fix { lines.append("          fix: \(fix)") }
        }
        let count = { (status: DoctorFinding.Status) in self.findings.filter { $0.status == status }.count }
        let errors = count(.error), warnings = count(.warning)
        lines.append(
            errors + warnings == 0
                ? "No problems found."
                : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").")
        return lines.joined(separator: "\n")
    }

    /// The report as `--json` prints it.
    func json(problemsOnly: Bool) -> JSONValue {
        [
            "project": .string(projectURL.path),
            "configurations": .array(configurations.map(JSONValue.string)),
            "extensions": .array(
                extensions.map {
                    [
                        "target": .string($0.target), "kind": .string($0.kind.rawValue), "apps": .array($0.apps.map(JSONValue.string)),
                        "categories": .array($0.categories.map(JSONValue.string)),
                    ]
                }),
            "findings": .array(
                findings.filter { !problemsOnly || $0.status != .ok }.map { finding in
                    [
                        "check": .string(finding.check.id), "status": .string(finding.status.rawValue),
                        "target": finding.target.map(JSONValue.string) ?? .null,
                        "configurations": .array(finding.configurations.map(JSONValue.string)), "message": .string(finding.message),
                        "fix": finding.fix.map(JSONValue.string) ?? .null,
                    ]
                }),
        ]
    }
}
