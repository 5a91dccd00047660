import Foundation

/// Decides what an upload really is from its first bytes; the sender's filename and content type are not trusted.
enum ImageSniffer {
    enum Kind: String {
        case jpeg = "image/jpeg"
        case png = "image/png"
        case gif = "image/gif"
        case webp = "image/webp"
    }

    static func kind(of data: Data) -> Kind? {
        let head = [UInt8](data.prefix(12))
        guard head.count >= 12 else { return nil }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// The extension kept in the image URL: the uploaded filename's, if it looks like one, else none.
    static func fileExtension(of filename: String) -> String {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return "" }
        let candidate = filename[filename.index(after: dot)...].lowercased()
        let plausible = (1...5).contains(candidate.count) && candidate.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return plausible ? candidate : ""
    }
}
