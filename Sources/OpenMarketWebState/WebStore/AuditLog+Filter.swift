import Foundation

extension AuditLog {
    /// What the history page narrows to, and where its page starts: by key, so a page deep in a long history
    /// costs what the first does and an entry written meanwhile never shifts what the next page shows.
    package struct Filter: Sendable, Hashable {
        package var productID: Int?
        package var action: Action?
        /// Refused attempts of any action only.
        package var refusedOnly = false
        /// Entries at or after this instant, and before `until`.
        package var from: Date?
        package var until: Date?
        /// Older than this entry (the next page), or newer than it (the previous page).
        package var before: Int64?
        package var after: Int64?

        package init(
            productID: Int? = nil, action: Action? = nil, refusedOnly: Bool = false, from: Date? = nil, until: Date? = nil,
            before: Int64? = nil, after: Int64? = nil
        ) {
            self.productID = productID
            self.action = action
            self.refusedOnly = refusedOnly
            self.from = from
            self.until = until
            self.before = before
            self.after = after
        }
    }

    /// One page of entries newest first, and whether there are newer and older ones beyond it.
    package struct Page: Sendable {
        package var events: [Event]
        package var hasNewer: Bool
        package var hasOlder: Bool
    }

    package func events(_ filter: Filter, limit: Int) async throws -> Page {
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
