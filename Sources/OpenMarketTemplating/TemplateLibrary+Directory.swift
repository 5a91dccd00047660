import Foundation

extension TemplateLibrary {
    /// Loads every `*.mustache` file under `directory`, named by its relative path without the extension
    /// (`products/index.mustache` is `products/index`), as swift-mustache's `MustacheLibrary` names them.
    public init(directory: URL) throws(TemplateLoadError) {
        let root = directory.standardizedFileURL.path
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = fileManager.enumerator(atPath: root)
        else {
            throw TemplateLoadError(template: "", line: 0, reason: .unreadable(path: root))
        }
        let suffix = ".mustache"
        var sources: [String: String] = [:]
        for case let relativePath as String in enumerator where relativePath.hasSuffix(suffix) {
            let path = root + "/" + relativePath
            guard let data = fileManager.contents(atPath: path) else {
                throw TemplateLoadError(template: "", line: 0, reason: .unreadable(path: path))
            }
            // Decoded as swift-mustache does, so invalid UTF-8 becomes U+FFFD in both and output stays valid.
            sources[String(relativePath.dropLast(suffix.count))] = String(decoding: data, as: UTF8.self)
        }
        try self.init(sources: sources)
    }
}
