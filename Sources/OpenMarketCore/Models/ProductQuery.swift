import Foundation

/// What a list request asks for: a 1-based page, its size and an optional free-text search.
public struct ProductQuery: Sendable, Hashable {
    public var page: Int
    public var perPage: Int
    public var search: String?

    public init(page: Int = 1, perPage: Int = 20, search: String? = nil) {
        self.page = page
        self.perPage = perPage
        let trimmed = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.search = (trimmed?.isEmpty ?? true) ? nil : trimmed
    }
}
