import Hummingbird
import NIOCore
import OpenMarketCore
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
            return Response(
                status: report.isReady ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: report.json)))
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

    /// Both stores, each with one cheap read: the market (the embedded database or the upstream's health answer)
    /// and the front end's own database.
    func readiness() async -> Report {
        var checks: [(name: String, failure: String?)] = []
        do {
            try await market.healthCheck()
            checks.append(("market", nil))
        } catch {
            checks.append(("market", String("\(error)".prefix(200))))
        }
        do {
            try await webStore.healthCheck()
            checks.append(("webStore", nil))
        } catch {
            checks.append(("webStore", String("\(error)".prefix(200))))
        }
        return Report(checks: checks)
    }
}
