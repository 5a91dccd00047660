import FuzzDriver
import OpenMarketInput

// scripts/fuzz reads this line: query strings and posted forms of this site are short; 4 KB leaves room for long fields.
// fuzz-options: -max_len=4096

@main
enum FuzzForm {
    static func main() { openmarket_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) }
}

/// A form or query string read into pairs must say what was sent: encoding the pairs again and reading them back
/// gives the same pairs, and any text survives an encode/decode round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    if let pairs = FormEncoding.pairs(text[...]) {
        let separators = text.utf8.count { $0 == UInt8(ascii: "&") }
        check(pairs.count <= separators + 1, "more pairs than the text has fields")
        let encoded = pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
        guard let again = FormEncoding.pairs(encoded[...]) else { fatalError("re-encoded pairs do not decode") }
        check(again.count == pairs.count, "re-encoded pairs decode to a different count")
        for (first, second) in zip(pairs, again) {
            check(first.name == second.name && first.value == second.value, "re-encoded pair decodes differently")
        }
    }

    if let decoded = FormEncoding.decode(text[...]) {
        // Every escape and `+` shrinks or keeps the length; nothing is ever added.
        check(decoded.utf8.count <= text.utf8.count, "decoding made the text longer")
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            check(decoded == text, "text without escapes changed when decoded")
        }
    }

    // Browsers write spaces as `+` in forms and as `%20` elsewhere: both must read back as the text.
    check(FormEncoding.decode(encode(text)[...]) == text, "encode/decode round trip with + failed")
    check(FormEncoding.decode(encode(text, spaceAsPlus: false)[...]) == text, "encode/decode round trip with %20 failed")
    return 0
}

/// Percent-encodes every byte outside the unreserved set, the way browsers write `application/x-www-form-urlencoded`.
private func encode(_ text: String, spaceAsPlus: Bool = true) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
            output.append(byte)
        case UInt8(ascii: " ") where spaceAsPlus:
            output.append(UInt8(ascii: "+"))
        default:
            output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: output, as: UTF8.self)
}

/// `precondition` drops its message in optimised builds; a broken property must say which one it is.
private func check(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError(property()) }
}
