import Logging
import NIOCore
import NIOSSL
import PostgresNIO

extension PostgresMarket {
    /// Why the database cannot be used, in words an operator can act on; never the password.
    public struct UnreachableError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Connects once and asks the server a trivial question, so that a start on a database that is not there fails
    /// at once with its reason (a pool would keep retrying).
    public static func probe(_ location: PostgresLocation, logger: Logger) async throws(UnreachableError) {
        do {
            let tls: PostgresConnection.Configuration.TLS = switch location.sslMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            var options = PostgresConnection.Configuration(
                host: location.host, port: location.port, username: location.username, password: location.password,
                database: location.database, tls: tls)
            options.options.connectTimeout = .seconds(10)
            let connection = try await PostgresConnection.connect(configuration: options, id: 0, logger: logger)
            do {
                try await connection.query("SELECT 1", logger: logger)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw UnreachableError(description: "The market database \(location) cannot be used: \(reason(error)).")
        }
    }

    /// The server's own message, or the connection's failure.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return String(describing: underlying) }
        return "\(error.code)"
    }
}
