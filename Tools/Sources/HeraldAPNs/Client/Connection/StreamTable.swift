import NIOHTTP2

/// Values by client stream id, for the ids of one connection: odd, and each new one higher than
/// any before (RFC 9113, section 5.1.1), so they are kept in an array in id order rather than
/// hashed. A dictionary hashed each id several times per request, with its per-process seed:
/// the connection's two tables were a few percent of the client's CPU (docs/benchmarks.md).
///
/// Lookups, changes in place and removals are O(1); adding is O(1) amortized and must not go
/// below the highest id ever added. Iteration is in id order.
struct StreamTable<Value> {
    /// `slots[start + k]` holds the value of stream `firstID + 2k`, or `nil`. The slots before
    /// `start` are dead, dropped once they are half the array.
    private var slots: [Value?] = []
    private var start = 0
    /// The id of `slots[start]`: the lowest id the table may hold.
    private var firstID = HTTP2StreamID(1)
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The slot of `streamID`, when it lies among the slots.
    private func slot(of streamID: HTTP2StreamID) -> Int? {
        let distance = firstID.distance(to: streamID)
        guard distance >= 0, distance.isMultiple(of: 2), start + distance / 2 < slots.count else { return nil }
        return start + distance / 2
    }

    subscript(streamID: HTTP2StreamID) -> Value? {
        get { slot(of: streamID).flatMap { slots[$0] } }
        set {
            guard let newValue else {
                removeValue(forKey: streamID)
                return
            }
            if let slot = slot(of: streamID) {
                if slots[slot] == nil { count += 1 }
                slots[slot] = newValue
                return
            }
            if isEmpty {
                // Nothing to keep: the table starts over at this id.
                slots.removeAll(keepingCapacity: true)
                start = 0
                firstID = streamID
            }
            let distance = firstID.distance(to: streamID)
            precondition(distance >= 0 && distance.isMultiple(of: 2), "stream \(streamID) is below the table's lowest or of the other parity")
            while start + distance / 2 > slots.count { slots.append(nil) }
            slots.append(newValue)
            count += 1
        }
    }

    /// Changes the value of `streamID` in place.
    ///
    /// - Returns: what `change` returned, or `nil` when the table has no value for `streamID`.
    @discardableResult
    mutating func change<Output>(_ streamID: HTTP2StreamID, _ change: (inout Value) -> Output) -> Output? {
        guard let slot = slot(of: streamID), slots[slot] != nil else { return nil }
        return change(&slots[slot]!)
    }

    /// Removes the value of `streamID`.
    ///
    /// - Returns: the value removed, or `nil` when there was none.
    @discardableResult
    mutating func removeValue(forKey streamID: HTTP2StreamID) -> Value? {
        guard let slot = slot(of: streamID), let value = slots[slot] else { return nil }
        slots[slot] = nil
        count -= 1
        guard count > 0 else {
            // Nothing to keep; and walking past the last slot could step past the largest
            // stream id (2^31 - 1), which a connection's last request carries.
            slots.removeAll(keepingCapacity: true)
            start = 0
            return value
        }
        // The lowest ids end first, mostly: the dead slots at the front are skipped (up to the
        // next value, so never past the highest id held), and dropped once they are half the array.
        while start < slots.count, slots[start] == nil {
            start += 1
            firstID = firstID.advanced(by: 2)
        }
        if start > 32, start * 2 >= slots.count {
            slots.removeFirst(start)
            start = 0
        }
        return value
    }

    /// The stream ids with a value, in id order.
    var keys: [HTTP2StreamID] { elements.map(\.streamID) }

    /// Every stream id with its value, in id order.
    var elements: [(streamID: HTTP2StreamID, value: Value)] {
        slots[start...].enumerated().compactMap { offset, value in value.map { (firstID.advanced(by: 2 * offset), $0) } }
    }
}
