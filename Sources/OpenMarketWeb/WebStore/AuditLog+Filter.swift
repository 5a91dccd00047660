import Foundation

extension AuditLog {
    /// What the history page narrows to, and where its page starts: by key, so a page deep in a long history
    /// costs what the first does and an entry written meanwhile never shifts what the next page shows.
    struct Filter: Sendable, Hashable {
        var productID: Int?
        var action: Action?
        /// Refused attempts of any action only.
        var refusedOnly = false
        /// Entries at or after this instant, and before `until`.
        var from: Date?
        var until: Date?
        /// Older than this entry (the next page), or newer than it (the previous page).
        var before: Int64?
        var after: Int64?
    }

    /// One page of entries newest first, and whether there are newer and older ones beyond it.
    struct Page: Sendable {
        var events: [Event]
        var hasNewer: Bool
        var hasOlder: Bool
    }

    func events(_ filter: Filter, limit: Int) async throws -> Page {
        // One more than asked says whether the page has a neighbour in the direction read.
        let rows = try await storage.filteredEvents(filter, limit: limit + 1).map(Self.event)
        let more = rows.count > limit
        if filter.after != nil {
            // Read oldest first from `after`: the page is the `limit` just newer than it, shown newest first.
            return Page(events: Array(rows.prefix(limit).reversed()), hasNewer: more, hasOlder: true)
        }
        return Page(events: Array(rows.prefix(limit)), hasNewer: filter.before != nil, hasOlder: more)
    }
}
