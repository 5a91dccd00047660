extension ImageFormat {
    /// The format read by the libvips buffer loader class `loader`; nil for loaders we do not accept.
    init?(loader: String) {
        switch loader {
        case "VipsForeignLoadJpegBuffer": self = .jpeg
        case "VipsForeignLoadPngBuffer": self = .png
        case "VipsForeignLoadWebpBuffer": self = .webp
        case "VipsForeignLoadNsgifBuffer": self = .gif
        case "VipsForeignLoadHeifBuffer": self = .heif
        default: return nil
        }
    }

    /// A short name for a loader class, for `ImageError.unsupportedFormat`: "VipsForeignLoadTiffBuffer" is "tiff".
    static func formatName(loader: String) -> String {
        var name = Substring(loader)
        if name.hasPrefix("VipsForeignLoad") { name = name.dropFirst("VipsForeignLoad".count) }
        if name.hasSuffix("Buffer") { name = name.dropLast("Buffer".count) }
        return name.lowercased()
    }
}
