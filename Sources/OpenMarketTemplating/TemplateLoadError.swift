/// Why a template directory could not be loaded; start-up stops on it instead of a request failing later.
public struct TemplateLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Equatable, Sendable {
        /// The directory or a file in it could not be read.
        case unreadable(path: String)
        /// A section, block or parent tag is never closed.
        case unclosedSection(String)
        /// A closing tag names another section than the one open (nil: no section is open).
        case mismatchedClose(expected: String?, found: String)
        /// `{{> name}}` names a template the directory does not have.
        case unknownPartial(String)
        /// `{{< name}}` names a template the directory does not have.
        case unknownParent(String)
        /// `{{{name}}}` or `{{&name}}`: our pages never print unescaped values.
        case unescapedOutput(String)
        /// A Mustache feature this renderer does not implement (set delimiters, dynamic names, transforms, pragmas).
        case unsupported(String)
        /// A tag that does not end in `}}`, or has no name.
        case malformedTag
        /// A `{{! comment` that never ends.
        case unclosedComment
        /// Something other than blocks and text inside `{{< parent}}…{{/parent}}`.
        case illegalInsideParent(String)
    }

    /// The template's name, such as `products/index`.
    public let template: String
    /// The 1-based line the problem is on (for an unclosed section, the line that opens it).
    public let line: Int
    /// What is wrong there.
    public let reason: Reason

    public init(template: String, line: Int, reason: Reason) {
        self.template = template
        self.line = line
        self.reason = reason
    }

    public var description: String {
        let place = "\(template).mustache:\(line)"
        switch reason {
        case .unreadable(let path): return "cannot read \(path)"
        case .unclosedSection(let name): return "\(place): section '\(name)' is never closed"
        case .mismatchedClose(let expected?, let found): return "\(place): '{{/\(found)}}' closes '\(expected)'"
        case .mismatchedClose(nil, let found): return "\(place): '{{/\(found)}}' closes no open section"
        case .unknownPartial(let name): return "\(place): unknown partial '\(name)'"
        case .unknownParent(let name): return "\(place): unknown parent template '\(name)'"
        case .unescapedOutput(let tag): return "\(place): unescaped output '\(tag)' is not allowed"
        case .unsupported(let feature): return "\(place): unsupported \(feature)"
        case .malformedTag: return "\(place): malformed tag"
        case .unclosedComment: return "\(place): comment is never closed"
        case .illegalInsideParent(let what): return "\(place): \(what) inside a parent tag; only blocks are allowed there"
        }
    }
}
