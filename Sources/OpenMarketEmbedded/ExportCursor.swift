import Foundation

/// Where an export continues: the key of the last product it handed out, in the form of the market that made it.
public struct ExportCursor: Sendable, Hashable {
    /// One column of a key, for a market that binds them as parameters (PostgreSQL).
    package enum Value: Sendable, Hashable {
        case integer(Int64)
        case text(String)
        case date(Date)
    }

    /// A market's own key, read back only by that market. Made only from a `Sendable` value (see `init(key:)`).
    private struct OwnKey: @unchecked Sendable, Hashable {
        let key: AnyHashable
    }

    private enum Storage: Sendable, Hashable {
        case own(OwnKey)
        case values([Value])
    }

    private let storage: Storage

    package init(key: some Hashable & Sendable) {
        storage = .own(OwnKey(key: AnyHashable(key)))
    }

    package init(values: [Value]) {
        storage = .values(values)
    }

    /// The key a market made with `init(key:)`, if this cursor holds one of that type.
    package func key<Key: Hashable & Sendable>(as type: Key.Type) -> Key? {
        if case .own(let own) = storage { own.key.base as? Key } else { nil }
    }

    package var values: [Value]? {
        if case .values(let values) = storage { values } else { nil }
    }
}
