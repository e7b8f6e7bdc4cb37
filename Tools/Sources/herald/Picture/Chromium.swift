import Foundation
@_spi(HeraldTools) import HeraldCore

/// A headless Chromium that turns a page into a PNG (`herald preview --png`).
struct Chromium {
    /// The browser's executable.
    let executable: URL

    /// Names tried on `PATH`, in order, after `HERALD_CHROMIUM`.
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]

    /// Where a Mac keeps Chrome and Chromium.
    static let macApplications = [
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ]

    /// How to get one, for the message when none is found.
    static let installHint = """
        no headless Chromium found: install one (Debian and Ubuntu: `apt-get install chromium`; \
        macOS: Google Chrome, or `brew install --cask chromium`), or set HERALD_CHROMIUM to its \
        executable. `--html FILE` writes the same picture without a browser. For emoji, a colour \
        emoji font too (Debian: fonts-noto-color-emoji).
        """

    /// Finds the browser: `HERALD_CHROMIUM`, else the first of ``names`` on `PATH`, else a Mac
    /// application.
    ///
    /// - Throws: ``CLIError`` (status 2) with ``installHint`` when there is none, or when
    ///   `HERALD_CHROMIUM` names no executable file.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIError) -> Chromium {
        let files = FileManager.default
        if let configured = environment["HERALD_CHROMIUM"], !configured.isEmpty {
            guard files.isExecutableFile(atPath: configured) else {
                throw .usage("HERALD_CHROMIUM is \(configured), which is not an executable file")
            }
            return Chromium(executable: URL(fileURLWithPath: configured))
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            for directory in directories where files.isExecutableFile(atPath: directory + "/" + name) {
                return Chromium(executable: URL(fileURLWithPath: directory + "/" + name))
            }
        }
        if let application = macApplications.first(where: files.isExecutableFile(atPath:)) {
            return Chromium(executable: URL(fileURLWithPath: application))
        }
        throw .usage(installHint)
    }

    /// How long the browser may take for one picture.
    static let timeout: TimeInterval = 60

    /// Draws a page into a PNG file.
    ///
    /// - Parameters:
    ///   - html: a self-contained page.
    ///   - png: where to write the picture.
    ///   - width, height: the window, in CSS pixels; the picture has twice as many (a Retina scale).
    /// - Throws: ``CLIError`` (status 1) when the browser fails, takes longer than ``timeout``, or
    ///   writes no picture, with what it printed.
    func screenshot(html: String, to png: URL, width: Int, height: Int) throws(CLIError) {
        // The page may hold decrypted text: it is written in a folder only this user can read.
        let directory: URL
        let page: URL
        let profile: URL
        do {
            let folder = try PrivateDirectory.temporary("png-\(UUID().uuidString)")
            directory = folder.url
            page = folder.file("page.html")
            profile = try folder.subdirectory("profile").url
            try PrivateFile.replace(page, with: Data(html.utf8))
        } catch {
            throw CLIError(description: "cannot write a temporary page for the browser: \(error)", exitCode: 1)
        }
        defer { try? FileManager.default.removeItem(at: directory) }  // a leftover private folder is harmless
        // Drawn in the temporary folder and moved over `png` only once it exists: a browser that
        // fails leaves an earlier picture as it was, and an old file is never taken for the new one.
        let drawn = directory.appendingPathComponent("picture.png")
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--force-device-scale-factor=2", "--window-size=\(width),\(height)",
            "--screenshot=\(drawn.path)", page.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw CLIError(description: "cannot start \(executable.path): \(error.localizedDescription)", exitCode: 1)
        }
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeout, execute: timer)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0, FileManager.default.fileExists(atPath: drawn.path) else {
            let why = process.terminationReason == .uncaughtSignal ? "was stopped after \(Int(Self.timeout)) s" : "exited with status \(process.terminationStatus)"
            let tail = printed.split(separator: "\n").suffix(5).joined(separator: "\n")
            throw CLIError(description: "\(executable.path) \(why) and wrote no picture\(tail.isEmpty ? "" : ":\n\(tail)")", exitCode: 1)
        }
        // Written beside the target and renamed over it in one step, private like the page.
        do {
            try PrivateFile.replace(png, with: Data(contentsOf: drawn))
        } catch {
            throw CLIError(description: "\(png.path) cannot be written: \(error)", exitCode: 1)
        }
    }
}
