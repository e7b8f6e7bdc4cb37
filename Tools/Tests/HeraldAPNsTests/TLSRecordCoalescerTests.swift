@testable import HeraldAPNsEmulator
import NIOCore
import NIOEmbedded
import Testing

/// A flush's writes reach TLS as one buffer, and every write's promise follows it.
@Suite struct TLSRecordCoalescerTests {
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(TLSRecordCoalescer())
        return channel
    }

    @Test func theWritesOfOneFlushGoOutAsOneBuffer() throws {
        let channel = try Self.channel()
        let promises = (0..<3).map { _ in channel.eventLoop.makePromise(of: Void.self) }
        for (index, text) in ["HEADERS", "DATA header", "DATA payload"].enumerated() {
            channel.write(ByteBuffer(string: text), promise: promises[index])
        }
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)  // nothing before the flush
        channel.flush()
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "HEADERSDATA headerDATA payload"))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        for promise in promises { try promise.futureResult.wait() }
        // The next flush starts a new buffer.
        channel.write(ByteBuffer(string: "PING"), promise: nil)
        channel.flush()
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "PING"))
        _ = try channel.finish()
    }

    @Test func writesNotYetFlushedFailWhenTheConnectionCloses() throws {
        let channel = try Self.channel()
        let promise = channel.eventLoop.makePromise(of: Void.self)
        channel.write(ByteBuffer(string: "HEADERS"), promise: promise)
        channel.close(promise: nil)
        #expect(throws: ChannelError.ioOnClosedChannel) { try promise.futureResult.wait() }
    }
}
