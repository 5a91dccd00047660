import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP relay on loopback in front of a server, which a test can silence: while silenced it keeps every connection
/// open but passes no byte either way, as a route or a server lost without a word would. It can also be cut: every
/// connection through it is closed and new ones are closed as they come, as when the server's process is gone.
final class SilenceableRelay: Sendable {
    let port: Int
    private let server: any Channel
    private let silenced: NIOLockedValueBox<Bool>
    private let links: Links

    var isSilenced: Bool { silenced.withLockedValue { $0 } }

    func silence() { silenced.withLockedValue { $0 = true } }

    func speak() { silenced.withLockedValue { $0 = false } }

    /// Closes every connection through the relay, and each new one as it comes, until `restore`.
    func cut() { links.cut() }

    func restore() { links.restore() }

    private init(port: Int, server: any Channel, silenced: NIOLockedValueBox<Bool>, links: Links) {
        self.port = port
        self.server = server
        self.silenced = silenced
        self.links = links
    }

    /// The client side of every connection through the relay, while it is open; closing one closes its partner too.
    private final class Links: Sendable {
        private struct State {
            var isCut = false
            var open: [ObjectIdentifier: any Channel] = [:]
        }

        private let state = NIOLockedValueBox(State())

        /// Keeps the connection, or closes it at once while cut.
        func admit(_ channel: any Channel) -> Bool {
            let admitted = state.withLockedValue { state -> Bool in
                guard !state.isCut else { return false }
                state.open[ObjectIdentifier(channel)] = channel
                return true
            }
            if admitted {
                channel.closeFuture.whenComplete { _ in _ = self.state.withLockedValue { $0.open.removeValue(forKey: ObjectIdentifier(channel)) } }
            } else {
                channel.close(promise: nil)
            }
            return admitted
        }

        func isOpen(_ channel: any Channel) -> Bool {
            state.withLockedValue { $0.open[ObjectIdentifier(channel)] != nil }
        }

        func cut() {
            let open = state.withLockedValue { state -> [any Channel] in
                state.isCut = true
                defer { state.open = [:] }
                return Array(state.open.values)
            }
            for channel in open { channel.close(promise: nil) }
        }

        func restore() { state.withLockedValue { $0.isCut = false } }
    }

    /// A relay on a free loopback port to `host`:`port`.
    static func start(to host: String, port: Int) async throws -> SilenceableRelay {
        let silenced = NIOLockedValueBox(false)
        let links = Links()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { client in
                guard links.admit(client) else { return client.eventLoop.makeSucceededVoidFuture() }
                return ClientBootstrap(group: client.eventLoop)
                    .channelInitializer { upstream in
                        upstream.eventLoop.makeCompletedFuture {
                            try upstream.pipeline.syncOperations.addHandler(Forwarder(partner: client, silenced: silenced))
                        }
                    }
                    .connect(host: host, port: port)
                    .flatMapThrowing { upstream in
                        // Cut while the upstream connected: no forwarder saw the client close, so the upstream closes here.
                        guard links.isOpen(client) else { return upstream.close(promise: nil) }
                        try client.pipeline.syncOperations.addHandler(Forwarder(partner: upstream, silenced: silenced))
                    }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let bound = server.localAddress?.port else {
            try await server.close()
            throw ChannelError.unknownLocalAddress
        }
        return SilenceableRelay(port: bound, server: server, silenced: silenced, links: links)
    }

    func close() async {
        try? await server.close()
    }

    /// Passes what one side reads to the other unless silenced; closes the other side when this one closes.
    private final class Forwarder: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        let partner: any Channel
        let silenced: NIOLockedValueBox<Bool>

        init(partner: any Channel, silenced: NIOLockedValueBox<Bool>) {
            self.partner = partner
            self.silenced = silenced
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !silenced.withLockedValue({ $0 }) else { return }
            partner.writeAndFlush(Self.unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner.close(promise: nil)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
