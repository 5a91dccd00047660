import NIOConcurrencyHelpers

/// SQL texts written once per shape of query and kept: a page's reads repeat a handful of shapes (an order, its
/// filter cells, a direction), and writing the text again on every read, then hashing it to find the cached
/// statement, was a tenth of reading a page's keys. The shapes are finite (made from enums, never from input).
final class WrittenSQL<Key: Hashable & Sendable>: Sendable {
    private let texts = NIOLockedValueBox<[Key: String]>([:])

    func text(for key: Key, write: (Key) -> String) -> String {
        if let text = texts.withLockedValue({ $0[key] }) { return text }
        let text = write(key)
        texts.withLockedValue { $0[key] = text }
        return text
    }
}
