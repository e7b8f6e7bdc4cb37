import HeraldAPNs
import NIOHPACK

extension APNSWireResponse {
    /// The answer's HEADERS: `:status`, then its headers in order.
    var headerBlock: HPACKHeaders {
        var headers = HPACKHeaders()
        headers.add(name: ":status", value: String(status))
        for header in self.headers {
            // apns-id and apns-unique-id differ per answer: kept out of the HPACK table.
            headers.add(name: header.name, value: header.value, indexing: header.name.hasPrefix("apns-") ? .nonIndexable : .indexable)
        }
        return headers
    }
}
