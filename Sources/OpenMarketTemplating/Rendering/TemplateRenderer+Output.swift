extension TemplateRenderer {
    /// Prints a value as swift-mustache's `String(describing:)` would for texts, numbers and booleans.
    /// Objects and lists print nothing rather than a debug description.
    mutating func append(_ value: TemplateValue) {
        switch value {
        case .text(let text):
            appendEscaped(text)
        case .int(let number):
            appendDecimal(number)
        case .bool(let isTrue):
            (isTrue ? Self.trueBytes : Self.falseBytes).withUTF8Buffer { output.append($0) }
        case .object, .list, .texts:
            break
        }
    }

    private static var trueBytes: StaticString { "true" }
    private static var falseBytes: StaticString { "false" }

    /// HTML-escapes per Unicode scalar, as `OpenMarketInput.HTMLEscaping` does. The five characters are ASCII,
    /// and ASCII bytes never occur inside a multi-byte UTF-8 sequence, so working on bytes is exact: a `"`
    /// followed by a combining mark still becomes `&quot;` and the mark.
    mutating func appendEscaped(_ text: String) {
        // Native strings always have contiguous UTF-8; the fallback copies for bridged ones.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if appended == nil {
            Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0) }
        }
    }

    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // All five lie in 0x22...0x3E; one comparison pair skips letters, digits and non-ASCII.
            guard byte <= 0x3E, byte >= 0x22 else { continue }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            if runStart < index {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            entity.withUTF8Buffer { output.append($0) }
            runStart = index + 1
        }
        if runStart < bytes.count {
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Decimal digits, with a leading `-` for negative numbers, without building a `String`.
    mutating func appendDecimal(_ number: Int) {
        var magnitude = number.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                output.append(UInt8(ascii: "-"))
            }
            output.append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
