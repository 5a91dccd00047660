import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import OpenMarketCore
import OpenMarketPostgres
import OpenMarketWebState
import Prometheus

/// What an operator's tools read: `/metrics` for Prometheus, `/ready` for a load balancer. `/healthChecker`
/// stays the API's own health answer (the process is up); readiness also proves the stores answer.
struct OperationsController {
    let market: any OpenMarketAPI
    /// The front end's own store, whichever it is.
    let webStore: any WebStorage

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(.metrics) { _, _ in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(16 * 1024)
            Telemetry.registry.emit(into: &buffer)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
        }
        group.get(.readiness) { _, _ in
            let report = await readiness()
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
            if !report.isReady { headers[.retryAfter] = String(PostgresPool.retryAfterSeconds) }
            return Response(
                status: report.isReady ? .ok : .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(string: report.json)))
        }
    }

    struct Report {
        var checks: [(name: String, failure: String?)]

        var isReady: Bool { checks.allSatisfy { $0.failure == nil } }

        /// `{"status":"ready","checks":{"market":"ok","webStore":"ok"}}`; a failed check gives its reason.
        var json: String {
            let fields = checks.map { check in "\"\(check.name)\":\"\(check.failure.map(Self.escaped) ?? "ok")\"" }
            return "{\"status\":\"\(isReady ? "ready" : "not ready")\",\"checks\":{\(fields.joined(separator: ","))}}"
        }

        private static func escaped(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
    }

    /// How long each check may take: a load balancer's probe gets its answer within a second, whatever the stores do.
    static let checkLimit: Duration = .milliseconds(800)

    /// Both stores at once, each with one cheap read: the market (the embedded database or the upstream's health
    /// answer) and the front end's own database.
    func readiness() async -> Report {
        let (market, webStore) = (self.market, self.webStore)
        async let marketFailure = Self.failure(within: Self.checkLimit) { try await market.healthCheck() }
        async let webStoreFailure = Self.failure(within: Self.checkLimit) { try await webStore.healthCheck() }
        return Report(checks: [("market", await marketFailure), ("webStore", await webStoreFailure)])
    }

    /// `nil` when `check` succeeds within `limit`, else why not. A check still running at the limit is cancelled and
    /// left to end on its own: the answer never waits for it.
    static func failure(within limit: Duration, _ check: @escaping @Sendable () async throws -> Void) async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let waiting = NIOLockedValueBox<CheckedContinuation<String?, Never>?>(continuation)
            let answer: @Sendable (String?) -> Void = { failure in
                waiting.withLockedValue { waiting in
                    waiting?.resume(returning: failure)
                    waiting = nil
                }
            }
            let work = Task {
                do {
                    try await check()
                    answer(nil)
                } catch {
                    answer(String("\(error)".prefix(200)))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                work.cancel()
                answer("no answer within \(limit)")
            }
        }
    }
}
