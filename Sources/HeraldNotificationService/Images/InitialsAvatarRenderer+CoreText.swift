#if canImport(CoreText) && canImport(ImageIO)
import CoreGraphics
import CoreText
import Foundation
import HeraldCore
import ImageIO

// UNVERIFIED: compiled and run only on Apple platforms; no Apple SDK exists where Herald is
// built and tested (Linux), and no device has shown the result yet (guide: "Focus, contacts and
// faces"). Availability, from Apple's documentation: CGColor(srgbRed:green:blue:alpha:) iOS 13
// and macOS 10.15; CTFontCreateUIFontForLanguage iOS 3.2 and macOS 10.5;
// CTLineGetBoundsWithOptions iOS 6 and macOS 10.8; every other call older. All below the floor.
extension InitialsAvatarRenderer {
    /// Draws a filled circle of the avatar's colour with its letters in white, centred, in the
    /// system's bold UI font (CoreText falls back to the system's fonts for other scripts and
    /// emoji), into a bitmap context that is y-up as CoreText expects, so the letters are never
    /// mirrored or flipped; then encodes it as PNG (`CGImage.pngData`).
    static func platformImage(of avatar: InitialsAvatar, pixelSize: Int) -> Data? {
        guard pixelSize > 0, let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: pixelSize, height: pixelSize, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        let side = CGFloat(pixelSize)
        let color = avatar.color
        context.setFillColor(CGColor(srgbRed: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255, blue: CGFloat(color.blue) / 255, alpha: 1))
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
        if !avatar.letters.isEmpty {
            // One letter a little larger than two, as the desk's picture draws them.
            let fontSize = side * (avatar.letters.count > 1 ? 0.38 : 0.44)
            guard let font = CTFontCreateUIFontForLanguage(.emphasizedSystem, fontSize, nil) else { return nil }
            let attributes: [CFString: Any] = [
                kCTFontAttributeName: font,
                kCTForegroundColorAttributeName: CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1),
            ]
            guard let text = CFAttributedStringCreate(nil, avatar.letters as CFString, attributes as CFDictionary) else { return nil }
            let line = CTLineCreateWithAttributedString(text)
            // The glyphs' own outline, so the letters sit in the middle whatever their script.
            let bounds = CTLineGetBoundsWithOptions(line, .useGlyphPathBounds)
            context.textPosition = CGPoint(x: (side - bounds.width) / 2 - bounds.minX, y: (side - bounds.height) / 2 - bounds.minY)
            CTLineDraw(line, context)
        }
        return context.makeImage()?.pngData
    }
}
#endif
