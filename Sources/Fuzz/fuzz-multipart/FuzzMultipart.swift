import Foundation
import FuzzDriver
import NIOCore
import OpenMarketInput

// scripts/fuzz reads this line: a body with a few small photos; the real limits (MB) only make each run slower.
// fuzz-options: -max_len=65536

@main
enum FuzzMultipart {
    static func main() { openmarket_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) }
}

/// Input: a Content-Type header value, a line feed, then the body, as a client sends them. The guard and the
/// parser must never trap on either, and what they accept must respect the named limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? size
    let contentType = String(decoding: bytes[0..<lineEnd], as: UTF8.self)
    let body = lineEnd < size ? Array(bytes[(lineEnd + 1)...]) : []

    checkHeaderParameters(contentType)
    let isFormData = HeaderParameters(contentType)?.value.lowercased() == "multipart/form-data"
    let boundary: String
    do throws(MultipartProblem) {
        guard let found = try MultipartForm.boundary(fromContentType: contentType) else {
            check(!isFormData, "a multipart/form-data type was not recognised")
            return 0
        }
        boundary = found
    } catch {
        check(error == .noBoundary && isFormData, "boundary refused for a reason other than a missing one")
        return 0
    }
    check(isFormData, "a boundary was taken from a type other than multipart/form-data")
    check((1...MultipartLimits.maxBoundaryBytes).contains(boundary.utf8.count), "boundary length outside its limit")

    let strict = try? MultipartForm(ByteBuffer(bytes: body), boundary: boundary)
    let lenient = try? MultipartForm(ByteBuffer(bytes: body), boundary: boundary, ending: .closingOrLastDelimiter)
    if let strict {
        // The lenient ending changes only what may end a body: whatever the strict one reads, it reads the same.
        check(lenient.map { same($0.parts, strict.parts) } == true, "the lenient ending read a closed body differently")
    } else if lenient != nil {
        // Only an end may differ: the body ends with a delimiter (closed or not) and what the line break allows.
        let trimmed = Array(body.reversed().drop { [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains($0) })
        let delimiter = Array("--\(boundary)".utf8)
        check(
            trimmed.starts(with: delimiter.reversed()) || trimmed.starts(with: (delimiter + Array("--".utf8)).reversed()),
            "the lenient ending took a body that ends without a delimiter")
    }
    for form in [strict, lenient].compactMap({ $0 }) { checkLimits(form, boundary: boundary, bodyCount: body.count) }
    return 0
}

/// What any parse that succeeds must respect, whatever ended the body.
private func checkLimits(_ form: MultipartForm, boundary: String, bodyCount: Int) {
    check(form.parts.count <= MultipartLimits.maxParts, "more parts than the limit")
    var bodyBytes = 0
    for part in form.parts {
        // Every part read had a `name` parameter; `name=""` is one (RFC 7578), read and later ignored like any unknown name.
        // The name, the filename and the type all come from headers, whose total size is capped.
        let headerBytes = part.name.utf8.count + (part.filename?.utf8.count ?? 0) + (part.contentType?.utf8.count ?? 0)
        check(headerBytes <= MultipartLimits.maxPartHeaderBytes, "part headers larger than the limit")
        bodyBytes += part.body.readableBytes
        // A delimiter ends a part, so none can hide inside one (a boundary with CR could overlap its own delimiter).
        if !boundary.utf8.contains(UInt8(ascii: "\r")) {
            let delimiter = Array("\r\n--\(boundary)".utf8)
            check(!part.body.readableBytesView.contains(delimiter), "a part's body contains the delimiter")
        }
    }
    check(bodyBytes <= bodyCount, "parts hold more bytes than the body")
}

private func same(_ left: [MultipartForm.Part], _ right: [MultipartForm.Part]) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { a, b in
        a.name == b.name && a.filename == b.filename && a.contentType == b.contentType && a.body == b.body
    }
}

/// Header parameters: names match in any case, and a quoted value comes back exactly as it was quoted.
private func checkHeaderParameters(_ header: String) {
    if let parsed = HeaderParameters(header) {
        check(!parsed.value.isEmpty && parsed.value == parsed.value.trimmingCharacters(in: .whitespaces), "untrimmed value")
        check(parsed["BOUNDARY"] == parsed["boundary"] && parsed["Name"] == parsed["name"], "parameter names depend on case")
    }
    // Any text without backslashes (which the parser does not unescape beyond `\"`) survives quoting as a filename,
    // the way a browser sends the name of the file a person picked.
    guard !header.utf8.contains(UInt8(ascii: "\\")) else { return }
    // Byte by byte: a `"` followed by a combining mark is one Character, which a Character-wise replacement would skip.
    let quoted = String(decoding: header.utf8.flatMap { $0 == UInt8(ascii: "\"") ? Array("\\\"".utf8) : [$0] }, as: UTF8.self)
    guard let parsed = HeaderParameters("form-data; name=\"images\"; filename=\"\(quoted)\"") else {
        fatalError("a form-data disposition was not read")
    }
    check(parsed["name"] == "images", "a filename changed the name parameter")
    check(parsed["filename"] == header, "a quoted filename did not come back as sent")
}

private extension ByteBufferView {
    func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        var start = startIndex
        while start + needle.count <= endIndex {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}

/// `precondition` drops its message in optimised builds; a broken property must say which one it is.
private func check(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError(property()) }
}
