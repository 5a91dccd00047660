import Foundation
import NIOSSL
import PostgresNIO

/// Where the market's database is: a `postgres://user:password@host:port/database` URL, read into the client's
/// configuration. `?sslmode=` takes `disable` (the default), `prefer` or `require`.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var sslMode: SSLMode

    public enum SSLMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String, sslMode: SSLMode = .disable) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    /// Reads a URL; the message says what is wrong, and never repeats the password.
    public init(url text: String) throws(LocationError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            scheme == "postgres" || scheme == "postgresql"
        else { throw LocationError("The database URL must look like postgres://user:password@host:5432/database.") }
        guard let host = components.host, !host.isEmpty else { throw LocationError("The database URL names no host.") }
        guard let user = components.user, !user.isEmpty else { throw LocationError("The database URL names no user.") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw LocationError("The database URL names no database (…/database).") }
        var sslMode = SSLMode.disable
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw LocationError("The database URL has an unknown option \(item.name).") }
            guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                throw LocationError("sslmode must be disable, prefer or require.")
            }
            sslMode = mode
        }
        self.init(
            host: host, port: components.port ?? 5432, username: components.percentEncodedUser?.removingPercentEncoding ?? user,
            password: components.percentEncodedPassword.flatMap { $0.removingPercentEncoding },
            database: database.removingPercentEncoding ?? database, sslMode: sslMode)
    }

    public struct LocationError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The client's configuration; pools of `maximumConnections` at most.
    public func clientConfiguration(maximumConnections: Int = 20) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        return configuration
    }

    /// One connection's configuration, named `applicationName` in `pg_stat_activity`.
    public func connectionConfiguration(applicationName: String) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return configuration
    }

    /// The same server with another database, such as a test's own.
    public func with(database: String) -> PostgresLocation {
        var copy = self
        copy.database = database
        return copy
    }

    /// Without the password, for logs.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }
}
