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

    /// HTML-escapes through `HTMLEscaping`, straight into the output.
    mutating func appendEscaped(_ text: String) {
        HTMLEscaping.withUTF8(of: text) { bytes in
            HTMLEscaping.escape(bytes) { output.append($0) }
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
