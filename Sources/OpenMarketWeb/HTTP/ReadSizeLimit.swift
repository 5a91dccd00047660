import NIOCore

/// Reads each connection in pieces of at most 16 KB, one read per turn of its event loop (NIO's defaults: 64 KB,
/// up to 16 reads a turn), before the request body's back-pressure is looked at again.
///
/// A body is streamed to its handler, which stops reading while it is behind; what the connection has read by
/// then is held in memory. With the defaults that was up to a megabyte or two for each upload, and 32 phone-photo
/// forms arriving at once held some 80 MB; with these limits each holds a few hundred kilobytes and the rest
/// waits in the socket. Pages and API calls fit in one read either way.
final class ReadSizeLimit: ChannelInboundHandler, RemovableChannelHandler {
    /// Passed on untouched: the handler only sets the connection's options as it joins the pipeline.
    typealias InboundIn = NIOAny

    static let maximumReadBytes = 16 * 1024

    func handlerAdded(context: ChannelHandlerContext) {
        guard let options = context.channel.syncOptions else { return }
        try? options.setOption(
            ChannelOptions.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2_048, maximum: Self.maximumReadBytes))
        try? options.setOption(ChannelOptions.maxMessagesPerRead, value: 1)
    }
}
