import Crypto
import Foundation

/// The static files of `Public/`, read once at start-up: only the files `Asset` names are ever served, and a
/// missing one stops start-up instead of failing a page.
struct AssetLibrary: Sendable {
    struct File: Sendable {
        var bytes: [UInt8]
        /// A strong validator from the content, so a changed file is fetched again after a deploy.
        var etag: String
    }

    private let files: [Asset: File]

    init(publicDirectory: URL) throws {
        var files: [Asset: File] = [:]
        for asset in Asset.allCases {
            let url = publicDirectory.appending(path: asset.rawValue)
            guard let data = FileManager.default.contents(atPath: url.path) else { throw StartupError.missingFile(url.path) }
            let digest = SHA256.hash(data: data).prefix(12).map { String(format: "%02x", $0) }.joined()
            files[asset] = File(bytes: [UInt8](data), etag: "\"\(digest)\"")
        }
        self.files = files
    }

    subscript(asset: Asset) -> File? { files[asset] }
}
