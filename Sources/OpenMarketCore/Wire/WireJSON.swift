import Foundation

/// A JSON value written in a fixed key order with prices as floats (`12000.0`).
///
/// `JSONEncoder` writes `12000.0` as `12000` and sorts or scrambles keys; the OpenMarket wire shows floats
/// for prices, and our fixtures keep the server's key order, so responses and requests are written with this.
public indirect enum WireJSON: Sendable {
    case object([(String, WireJSON)])
    case array([WireJSON])
    case string(String)
    case int(Int)
    /// A decimal number; `asFloat` always writes a fraction (`12000.0`), as the server does for prices.
    case number(Decimal, asFloat: Bool)
    case bool(Bool)
    case null

    public var data: Data { Data(bytes()) }

    public func serialized() -> String {
        String(decoding: bytes(), as: UTF8.self)
    }

    /// The JSON text as UTF-8, written into one buffer.
    public func bytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            Self.writeString(text, to: &output)
        case .int(let value):
            output.append(contentsOf: String(value).utf8)
        case .number(let value, let asFloat):
            let text = value.description
            output.append(contentsOf: text.utf8)
            if asFloat && !text.utf8.contains(UInt8(ascii: ".")) { output.append(contentsOf: ".0".utf8) }
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    /// Escapes what JSON requires, plus U+2028/U+2029 (line breaks to JavaScript); all else is copied as UTF-8.
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20: appendUnicodeEscape(UInt32(byte), to: &output)
                // U+2028 and U+2029 are E2 80 A8 / E2 80 A9 in UTF-8.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    appendUnicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                    index += 2
                default: output.append(byte)
                }
                index += 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { output.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
