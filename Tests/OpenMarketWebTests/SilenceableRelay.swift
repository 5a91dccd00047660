import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP relay on loopback in front of a server, which a test can silence: while silenced it keeps every connection
/// open but passes no byte either way, as a route or a server lost without a word would.
final class SilenceableRelay: Sendable {
    let port: Int
    private let server: any Channel
    private let silenced: NIOLockedValueBox<Bool>

    var isSilenced: Bool { silenced.withLockedValue { $0 } }

    func silence() { silenced.withLockedValue { $0 = true } }

    func speak() { silenced.withLockedValue { $0 = false } }

    private init(port: Int, server: any Channel, silenced: NIOLockedValueBox<Bool>) {
        self.port = port
        self.server = server
        self.silenced = silenced
    }

    /// A relay on a free loopback port to `host`:`port`.
    static func start(to host: String, port: Int) async throws -> SilenceableRelay {
        let silenced = NIOLockedValueBox(false)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { client in
                ClientBootstrap(group: client.eventLoop)
                    .channelInitializer { upstream in
                        upstream.eventLoop.makeCompletedFuture {
                            try upstream.pipeline.syncOperations.addHandler(Forwarder(partner: client, silenced: silenced))
                        }
                    }
                    .connect(host: host, port: port)
                    .flatMapThrowing { upstream in
                        try client.pipeline.syncOperations.addHandler(Forwarder(partner: upstream, silenced: silenced))
                    }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let bound = server.localAddress?.port else {
            try await server.close()
            throw ChannelError.unknownLocalAddress
        }
        return SilenceableRelay(port: bound, server: server, silenced: silenced)
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
