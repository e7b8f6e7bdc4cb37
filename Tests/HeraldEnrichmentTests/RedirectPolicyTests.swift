import Foundation
import HeraldEnrichment
import Testing

/// The redirect rule itself, hop by hop; `FetcherContract` checks that both fetchers apply it.
@Suite struct RedirectPolicyTests {
    let policy = RedirectPolicy(maximumRedirects: 2, allowHTTP: false)

    @Test(arguments: ["https://example.com/a.png", "HTTPS://example.com/a.png"])
    func hopsUpToTheLimitToHTTPSAreFollowed(target: String) {
        #expect(policy.refusal(ofHop: 1, to: URL(string: target)!) == nil)
        #expect(policy.refusal(ofHop: 2, to: URL(string: target)!) == nil)
    }

    @Test func theHopPastTheLimitIsRefusedWhereverItLeads() {
        for target in ["https://example.com/a.png", "http://example.com/a.png", "ftp://example.com/a.png"] {
            #expect(policy.refusal(ofHop: 3, to: URL(string: target)!) == FetchError(.tooManyRedirects, "more than 2 redirects"))
        }
        let none = RedirectPolicy(maximumRedirects: 0, allowHTTP: true)
        #expect(none.refusal(ofHop: 1, to: URL(string: "https://example.com/a.png")!)?.code == .tooManyRedirects)
    }

    @Test(arguments: ["http://example.com/a.png", "HTTP://example.com/a.png"])
    func plainHTTPIsRefusedUnlessAllowed(target: String) {
        let url = URL(string: target)!
        #expect(policy.refusal(ofHop: 1, to: url) == FetchError(.insecureRedirect, "redirected to plain http (\(target))"))
        #expect(RedirectPolicy(maximumRedirects: 2, allowHTTP: true).refusal(ofHop: 1, to: url) == nil)
    }

    @Test(arguments: ["file:///etc/passwd", "http+unix://%2Ftmp%2Fherald.sock/x", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x", "data:,x"])
    func schemesOtherThanHTTPAndHTTPSAreRefusedEvenWithHTTPAllowed(target: String) {
        let lenient = RedirectPolicy(maximumRedirects: 2, allowHTTP: true)
        #expect(lenient.refusal(ofHop: 1, to: URL(string: target)!)
            == FetchError(.unsupportedURL, "redirected to \(target), which is neither http nor https"))
    }

    @Test func onlyHTTPAndHTTPSAreWeb() {
        #expect(RedirectPolicy.isWeb(URL(string: "https://example.com")!))
        #expect(RedirectPolicy.isWeb(URL(string: "Http://example.com")!))
        #expect(!RedirectPolicy.isWeb(URL(string: "http+unix://x/y")!))
        #expect(!RedirectPolicy.isWeb(URL(fileURLWithPath: "/etc/hosts")))
    }
}
