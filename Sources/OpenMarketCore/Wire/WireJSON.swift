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

    public var data: Data { Data(serialized().utf8) }

    public func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .string(let text):
            Self.writeString(text, to: &output)
        case .int(let value):
            output += String(value)
        case .number(let value, let asFloat):
            let text = value.description
            output += (asFloat && !text.contains(".")) ? text + ".0" : text
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                output += String(format: "\\u%04x", scalar.value)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
