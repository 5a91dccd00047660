import Foundation

/// RFC 4122 version 1 (time-based) UUIDs, the shape OpenMarket vendor identifiers and delete tokens have.
/// The node is random with the multicast bit set, as the RFC asks when no MAC address is used.
package enum TimeBasedUUID {
    package static func make(date: Date = Date()) -> String {
        // 100-nanosecond intervals since 1582-10-15, the Gregorian reform.
        let intervals = UInt64((date.timeIntervalSince1970 + 12_219_292_800) * 10_000_000)
        let timeLow = UInt32(truncatingIfNeeded: intervals)
        let timeMid = UInt16(truncatingIfNeeded: intervals >> 32)
        let timeHigh = UInt16(truncatingIfNeeded: intervals >> 48) & 0x0FFF | 0x1000
        let clockSequence = UInt16.random(in: 0...0x3FFF) | 0x8000
        var node = (0..<6).map { _ in UInt8.random(in: 0...255) }
        node[0] |= 0x01
        let nodeHex = node.map { String(format: "%02x", $0) }.joined()
        return String(format: "%08x-%04x-%04x-%04x-", timeLow, timeMid, timeHigh, clockSequence) + nodeHex
    }
}
