/// One piece of a parsed template, before partial names are resolved.
///
/// The token shapes follow swift-mustache's parser, so that standalone lines and indentation come out the same.
enum ParsedToken: Sendable {
    /// Literal text; at most one line, so that partial indentation can be applied between tokens.
    case text([UInt8])
    case variable(VariableName)
    case section(VariableName, [ParsedToken], inverted: Bool)
    /// `{{> name}}`; `indentation` is set only when the tag stands alone on its line.
    case partial(String, indentation: [UInt8]?, line: Int)
    /// `{{< name}}…{{/name}}` with the blocks it overrides.
    case parent(String, indentation: [UInt8], blocks: [String: [ParsedToken]], line: Int)
    /// `{{$name}}…{{/name}}` directly inside a parent tag: an override.
    case blockDefinition(String, [ParsedToken])
    /// `{{$name}}default{{/name}}` anywhere else: a place a parent's child may fill.
    case block(String, defaultBody: [ParsedToken], indentation: [UInt8])
    /// `{{% CONTENT_TYPE: … }}`: kept only so that it is refused inside a parent tag, as swift-mustache does.
    case contentType
}
