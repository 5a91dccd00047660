/// Encoder settings shared by every variant.
enum EncodingSettings {
    /// Display JPEG qualities tried in turn until the image fits `ImageLimits.maxStoredBytes`. Below the last
    /// one JPEG artefacts show on product photos, so past it the image is made smaller instead.
    static let displayQualities: [Int32] = [82, 74, 66, 58]
    /// Shrinking the display image to fit stops here: a smaller picture is not worth showing as the main one.
    static let minimumDisplayLongSide = 480
    /// Each shrink aims a little under the budget, as JPEG size does not fall exactly with the pixel count.
    static let shrinkMargin = 0.9
    /// Thumbnails have no byte limit of their own; these qualities look clean at their small sizes.
    static let thumbnailJPEGQuality: Int32 = 78
    static let thumbnailWebPQuality: Int32 = 75
    /// libwebp effort 0...6 (4 is libwebp's default). Measured on an 800 px photo: effort 2 takes 40 % of
    /// effort 4's time for files about 6 % larger, which thumbnails can afford.
    static let webPEffort: Int32 = 2
}
