import FuzzDriver
import OpenMarketInput

// scripts/fuzz reads this line: search boxes keep 100 characters; 2 KB covers long pasted text and multi-byte scalars.
// fuzz-options: -max_len=2048

@main
enum FuzzSearch {
    static func main() { openmarket_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) }
}

/// Whatever is typed becomes text to look for, never FTS5 syntax: one double-quoted string with every inner quote
/// doubled (per scalar), no control or invisible format characters, within the length limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let typed = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let cleaned = SearchExpression.cleaned(typed)
    check(cleaned.count <= SearchExpression.maxScalars, "cleaned text longer than the limit")
    for scalar in cleaned {
        let category = scalar.properties.generalCategory
        check(category != .control, "a control character survived cleaning")
        check(category != .format || scalar.value == 0x200D || scalar.value == 0x200C, "an invisible format character survived")
    }
    guard let expression = SearchExpression(typed) else {
        check(cleaned.isEmpty, "a searchable text gave no expression")
        return 0
    }
    let match = Array(expression.match.unicodeScalars)
    check(match.count >= 2 && match.first == "\"" && match.last == "\"", "the expression is not one quoted string")
    var index = 1
    while index < match.count - 1 {
        if match[index] == "\"" {
            check(index + 1 < match.count - 1 && match[index + 1] == "\"", "a quote inside the string is not doubled")
            index += 2
        } else {
            check(match[index].properties.generalCategory != .control, "a control character reached the expression")
            index += 1
        }
    }
    switch expression.index {
    case .short:
        check(cleaned.count <= 2, "a long text went to the short index")
        check(match.dropFirst().dropLast().allSatisfy { $0.properties.isASCIIHexDigit }, "a short-index word is not hex")
    case .trigram:
        check(cleaned.count >= 3, "a short text went to the trigram index")
    }
    return 0
}

/// `precondition` drops its message in optimised builds; a broken property must say which one it is.
private func check(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError(property()) }
}
