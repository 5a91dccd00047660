import FuzzDriver
import OpenMarketTemplating

// scripts/fuzz reads this line: page text rarely exceeds a few kilobytes, and longer inputs only slow the search.
// fuzz-options: -max_len=4096

@main
enum FuzzHTMLEscape {
    static func main() { openmarket_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) }
}

/// Escaped text must be inert inside element content and quoted attributes, and must mean exactly the input. This is
/// the escaper the template renderer writes every value through.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLEscape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let escaped = HTMLEscaping.escape(text)
    for byte in escaped.utf8 {
        check(byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">"), "raw angle bracket in escaped text")
        check(byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'"), "raw quote in escaped text")
    }
    check(unescape(escaped) == text, "unescaping does not give back the input")
    return 0
}

/// The inverse of the five replacements, and nothing else: any other `&` means the escaper let one through.
private func unescape(_ escaped: String) -> String? {
    let entities: [(String, UInt8)] = [("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'"))]
    let bytes = Array(escaped.utf8)
    var output: [UInt8] = []
    var index = 0
    scanning: while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "&") else {
            output.append(bytes[index])
            index += 1
            continue
        }
        for (entity, byte) in entities where bytes[index...].starts(with: entity.utf8) {
            output.append(byte)
            index += entity.utf8.count
            continue scanning
        }
        return nil
    }
    return String(decoding: output, as: UTF8.self)
}

/// `precondition` drops its message in optimised builds; a broken property must say which one it is.
private func check(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError(property()) }
}
