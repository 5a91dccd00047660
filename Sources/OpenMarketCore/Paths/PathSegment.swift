/// One segment of a path in a URL table: fixed text, or a named parameter with its value when building a link.
public enum PathSegment: Sendable, Hashable {
    case literal(String)
    case parameter(name: String, value: String?)

    public static func parameter<Value>(_ name: String, _ parameter: PathParameter<Value>) -> PathSegment {
        .parameter(name: name, value: parameter.text)
    }
}

/// A URL table: every case names its path as segments, from which both its route pattern and its link follow.
public protocol PathTable: Sendable {
    var segments: [PathSegment] { get }
}

extension PathTable {
    /// The route pattern, with `:name` where a parameter goes (`/api/products/:id`).
    public var pattern: String {
        Self.join(segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, _): ":" + name
            }
        })
    }

    /// The path of a link. A parameter left as `.key` keeps its placeholder, which no route parameter matches
    /// as a number, so a forgotten value shows up as a 404 in tests rather than as a link to somewhere else.
    public var path: String {
        // Written into one string: pages build a few links per row.
        var path = ""
        for segment in segments {
            path += "/"
            switch segment {
            case .literal(let text): path += text
            case .parameter(_, let value?): path += Self.escapeSegment(value)
            case .parameter(let name, nil): path += ":" + name
            }
        }
        return path.isEmpty ? "/" : path
    }

    private static func join(_ parts: [String]) -> String {
        "/" + parts.joined(separator: "/")
    }

    /// A value stays one segment: anything outside the unreserved characters is percent-encoded.
    static func escapeSegment(_ value: String) -> String {
        if value.utf8.allSatisfy(isUnreserved) {
            return value
        }
        var output = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
