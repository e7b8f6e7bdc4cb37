import Foundation

/// A background colour for a drawn avatar, in sRGB, dark enough for white letters.
public struct AvatarColor: Hashable, Sendable {
    /// The red, green and blue components, 0...255, in sRGB.
    public let red: UInt8, green: UInt8, blue: UInt8

    /// - Parameter hex: `0xRRGGBB`.
    public init(hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// `#rrggbb`, as CSS writes it.
    public var cssHex: String {
        "#" + [red, green, blue].map { component in
            let digits = String(component, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The colours an avatar is drawn on. Each has a contrast ratio of at least 4.5 with white
    /// (WCAG's level for normal text), so the letters read on every one.
    public static let palette: [AvatarColor] = [
        0xC62828,  // red
        0xAD4E00,  // orange
        0x2E7D32,  // green
        0x00796B,  // teal
        0x1565C0,  // blue
        0x3949AB,  // indigo
        0x7B1FA2,  // purple
        0xAD1457,  // pink
    ].map(AvatarColor.init(hex:))

    /// The palette's colour for `seed`, the same on every device and every run: the seed's UTF-8
    /// bytes hashed with 32-bit FNV-1a (not Swift's `Hasher`, which is seeded per process).
    public static func forSeed(_ seed: String) -> AvatarColor {
        var hash: UInt32 = 2_166_136_261
        for byte in seed.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }

    /// The contrast ratio between this colour and white, as WCAG 2 defines it: from 1 (none)
    /// to 21. What the tests hold the palette to.
    var contrastWithWhite: Double {
        func linear(_ component: UInt8) -> Double {
            let value = Double(component) / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return 1.05 / (luminance + 0.05)
    }
}
