/// Polls a condition other tasks make true, giving up after about five seconds so a broken
/// feature fails its test instead of hanging the suite.
func waitUntil(_ condition: () -> Bool) async {
    for _ in 0..<50_000 where !condition() {
        await Task.yield()
        try? await Task.sleep(for: .microseconds(100))  // a real pause between polls; cancellation ends the wait
    }
}
