import NIOConcurrencyHelpers

/// What start-up made that a person must see once — the demo vendor's secret, a generated admin password —
/// collected while starting and shown in one readable block when the server is ready, above its address.
final class StartupNotes: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    func add(_ line: String) {
        lines.withLockedValue { $0.append(line) }
    }

    /// The banner: the first-start block, if anything was created, then the address to open.
    func banner(address: String) -> String {
        let notes = lines.withLockedValue { $0 }
        var text = ""
        if !notes.isEmpty {
            text += "\n  First start — keep these (a generated admin password is shown only now):\n"
            text += notes.map { "    \($0)\n" }.joined()
        }
        text += "\n  OpenMarket Web is ready: \(address)\n"
        return text
    }
}
