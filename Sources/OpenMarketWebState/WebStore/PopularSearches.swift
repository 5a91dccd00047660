import Foundation
import NIOConcurrencyHelpers

/// What people searched for most in the last seven days, for the home page. Only the words and the day are
/// counted — nothing about who searched — and a word shows only once several searches found something with it, so
/// a phone number or a name typed once is never put in front of others.
package final class PopularSearches: Sendable {
    package static let days = 7
    package static let shown = 8
    /// Searches a word needs in the week before it is shown.
    package static let minimum = 2
    /// Longer searches are sentences, not the words people would tap again.
    package static let maxLength = 30

    package let storage: any StorefrontTallyStorage
    /// The list is read again at most this often: every home page view asks for it, and it changes slowly.
    package let cacheSeconds: Double
    private let kept = NIOLockedValueBox<(day: Int, until: Date, terms: [String])?>(nil)
    /// Searches counted since they were last written, by day and term: a write per search was most of a search
    /// page's cost past rendering it. `flush()` writes them, every second (`Application`) and before the list is read.
    private let pending = NIOLockedValueBox<[PendingKey: Int]>([:])
    /// Distinct words held before a search writes them itself, so memory stays bounded when flushes fail.
    package static let maxPending = 4_096

    private struct PendingKey: Hashable {
        let day: Int
        let term: String
    }

    package init(storage: any StorefrontTallyStorage, cacheSeconds: Double = 60) {
        self.storage = storage
        self.cacheSeconds = cacheSeconds
    }

    /// The word as counted: spaces made single, letters in lower case; `nil` when empty or too long to count.
    package static func term(_ search: String) -> String? {
        let term = search.precomposedStringWithCanonicalMapping.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return term.isEmpty || term.count > maxLength ? nil : term
    }

    /// Counts one search in memory; it is written by the next `flush()`.
    package func count(_ search: String, day: Int) async throws {
        guard let term = Self.term(search) else { return }
        let isFull = pending.withLockedValue { pending in
            pending[PendingKey(day: day, term: term), default: 0] += 1
            return pending.count >= Self.maxPending
        }
        if isFull { try await flush() }
    }

    /// Writes the searches counted since the last flush in one transaction. When that fails they are held again, added
    /// to those counted meanwhile, for the next flush.
    package func flush() async throws {
        let taken = pending.withLockedValue { pending in
            defer { pending = [:] }
            return pending
        }
        guard !taken.isEmpty else { return }
        do {
            try await storage.countSearches(taken.map { SearchTally(term: $0.key.term, day: $0.key.day, searches: $0.value) })
        } catch {
            pending.withLockedValue { pending in pending.merge(taken, uniquingKeysWith: +) }
            throw error
        }
    }

    /// Searches counted and not yet written (for tests).
    package var pendingCount: Int { pending.withLockedValue { $0.values.reduce(0, +) } }

    package func popular(today: Int, now: Date = Date()) async throws -> [String] {
        if let kept = kept.withLockedValue({ $0 }), kept.day == today, kept.until > now { return kept.terms }
        // This process's own searches count at once; other instances' within their next flush.
        try await flush()
        let terms = try await storage.popularSearches(sinceDay: today - Self.days + 1, minimum: Self.minimum, limit: Self.shown)
        kept.withLockedValue { $0 = (today, now.addingTimeInterval(cacheSeconds), terms) }
        return terms
    }

    /// Forgets the days no longer counted.
    package func sweep(today: Int) async throws {
        try await storage.sweepSearches(beforeDay: today - Self.days + 1)
    }
}
