/// How many more bytes one archive's entries may inflate, shared by every entry read.
final class InflateBudget {
    var remaining: Int

    init(remaining: Int) {
        self.remaining = remaining
    }
}
