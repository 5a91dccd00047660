/// Parses one template's UTF-8 text into tokens.
///
/// The loop is a port of swift-mustache 2.1.1's `MustacheTemplate.parse` working on bytes: which lines count as
/// standalone, which whitespace is kept and where partial indentation starts all follow it, quirks included,
/// because our pages must come out byte for byte as they did with swift-mustache.
struct TemplateParser {
    /// Where the parser is, carried into nested sections like swift-mustache's `ParserState`.
    struct State {
        var sectionName: String?
        /// Where the open section's tag starts, for the error when it is never closed.
        var sectionStart = 0
        /// At the start of a line, so a tag here may stand alone.
        var newLine = true
        /// Inside `{{< parent}}`, where block definitions lose the indentation of their first line.
        var isPartialDefinition = false
        /// Directly inside `{{< parent}}`: `{{$name}}` defines an override instead of a block.
        var isPartialDefinitionTopLevel = false
        var partialDefinitionIndent: Int?

        func inSection(_ name: String, start: Int, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.sectionStart = start
            state.isPartialDefinitionTopLevel = false
            if !newLine {
                state.newLine = false
            }
            return state
        }

        func inParent(_ name: String, start: Int) -> State {
            var state = self
            state.sectionName = name
            state.sectionStart = start
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }
    }

    let templateName: String
    let bytes: [UInt8]
    var position = 0

    init(templateName: String, bytes: [UInt8]) {
        self.templateName = templateName
        self.bytes = bytes
    }

    /// Parses the whole template.
    mutating func parse() throws(TemplateLoadError) -> [ParsedToken] {
        try parse(State())
    }

    mutating func parse(_ initialState: State) throws(TemplateLoadError) -> [ParsedToken] {
        var tokens: [ParsedToken] = []
        var state = initialState
        var whiteSpace = position..<position
        while position < bytes.count {
            if state.newLine {
                let lineIndent = readSpacesAndTabs()
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    // Block definitions are dedented by their first line's indentation; that first line's own
                    // indentation is dropped altogether (swift-mustache keeps the previous whitespace, empty here).
                    if let indent = state.partialDefinitionIndent {
                        whiteSpace = min(lineIndent.lowerBound + indent, lineIndent.upperBound)..<lineIndent.upperBound
                    } else {
                        state.partialDefinitionIndent = lineIndent.count
                    }
                } else {
                    whiteSpace = lineIndent
                }
            }
            let text = readTextUntilTagOrNewline()
            let newlineLength = newlineLength(at: position)
            if newlineLength > 0 {
                tokens.append(.text(Array(bytes[whiteSpace]) + bytes[text] + bytes[position..<position + newlineLength]))
                state.newLine = true
                position += newlineLength
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(Array(bytes[whiteSpace]) + bytes[text]))
                whiteSpace = position..<position
                state.newLine = false
            }
            if position >= bytes.count {
                break
            }
            let tagStart = position - 2
            var setNewLine = false
            // Whitespace before a tag that does not stand alone is text; this emits it once.
            func flushWhiteSpace() {
                if !whiteSpace.isEmpty {
                    tokens.append(.text(Array(bytes[whiteSpace])))
                    whiteSpace = position..<position
                }
            }
            switch bytes[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[position] == UInt8(ascii: "^")
                position += 1
                let (name, variable) = try readVariableName(tagStart: tagStart)
                if isStandalone(state) {
                    setNewLine = true
                } else {
                    flushWhiteSpace()
                }
                let body = try parse(state.inSection(name, start: tagStart, newLine: setNewLine))
                tokens.append(.section(variable, body, inverted: inverted))

            case UInt8(ascii: "/"):
                position += 1
                let name = try readName(tagStart: tagStart)
                guard name == state.sectionName else {
                    throw error(.mismatchedClose(expected: state.sectionName, found: name), at: tagStart)
                }
                if !isStandalone(state) {
                    flushWhiteSpace()
                }
                return tokens

            case UInt8(ascii: "!"):
                position += 1
                try skipComment(tagStart: tagStart)
                setNewLine = isStandalone(state)

            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                throw error(.unescapedOutput(tagText(from: tagStart)), at: tagStart)

            case UInt8(ascii: ">"):
                position += 1
                let name = try readPartialName(tagStart: tagStart)
                let indentation = whiteSpaceBytes(whiteSpace)
                if !indentation.isEmpty {
                    tokens.append(.text(indentation))
                }
                if isStandalone(state) {
                    setNewLine = true
                    tokens.append(.partial(name, indentation: indentation, line: line(at: tagStart)))
                } else {
                    tokens.append(.partial(name, indentation: nil, line: line(at: tagStart)))
                }
                whiteSpace = position..<position

            case UInt8(ascii: "<"):
                position += 1
                let name = try readPartialName(tagStart: tagStart)
                let indentation = whiteSpaceBytes(whiteSpace)
                if !indentation.isEmpty {
                    tokens.append(.text(indentation))
                }
                if isStandalone(state) {
                    setNewLine = true
                }
                let body = try parse(state.inParent(name, start: tagStart))
                tokens.append(.parent(name, indentation: indentation, blocks: try blocks(in: body, at: tagStart), line: line(at: tagStart)))
                whiteSpace = position..<position

            case UInt8(ascii: "$"):
                position += 1
                let name = try readName(tagStart: tagStart)
                guard VariableName(name) != nil, !name.contains("(") else {
                    throw error(.malformedTag, at: tagStart)
                }
                if state.isPartialDefinitionTopLevel {
                    setNewLine = isStandalone(state)
                    let body = try parse(state.inSection(name, start: tagStart, newLine: setNewLine))
                    tokens.append(.blockDefinition(name, body))
                } else {
                    let indentation = whiteSpaceBytes(whiteSpace)
                    if !indentation.isEmpty {
                        tokens.append(.text(indentation))
                    }
                    setNewLine = isStandalone(state)
                    let body = try parse(state.inSection(name, start: tagStart, newLine: setNewLine))
                    tokens.append(.block(name, defaultBody: body, indentation: indentation))
                    whiteSpace = position..<position
                }

            case UInt8(ascii: "="):
                throw error(.unsupported("set delimiter tag"), at: tagStart)

            case UInt8(ascii: "%"):
                position += 1
                try readPragma(tagStart: tagStart)
                tokens.append(.contentType)
                setNewLine = isStandalone(state)

            default:
                flushWhiteSpace()
                let (_, variable) = try readVariableName(tagStart: tagStart)
                tokens.append(.variable(variable))
            }
            state.newLine = setNewLine
        }
        if let open = state.sectionName {
            throw error(.unclosedSection(open), at: state.sectionStart)
        }
        return tokens
    }

    /// The overrides of a `{{< parent}}` tag: its blocks; text between them is ignored, anything else refused.
    private func blocks(in body: [ParsedToken], at tagStart: Int) throws(TemplateLoadError) -> [String: [ParsedToken]] {
        var blocks: [String: [ParsedToken]] = [:]
        for token in body {
            switch token {
            case .blockDefinition(let name, let blockBody): blocks[name] = blockBody
            case .text: break
            case .contentType: throw error(.illegalInsideParent("a pragma"), at: tagStart)
            default: throw error(.illegalInsideParent("a tag other than a block"), at: tagStart)
            }
        }
        return blocks
    }

    private func whiteSpaceBytes(_ range: Range<Int>) -> [UInt8] {
        Array(bytes[range])
    }

    func error(_ reason: TemplateLoadError.Reason, at offset: Int) -> TemplateLoadError {
        TemplateLoadError(template: templateName, line: line(at: offset), reason: reason)
    }

    /// 1-based line of a byte offset; only computed for errors and partial tags, never while rendering.
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[..<min(max(offset, 0), bytes.count)] where byte == UInt8(ascii: "\n") {
            line += 1
        }
        return line
    }
}
