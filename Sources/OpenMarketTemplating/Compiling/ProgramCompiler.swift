/// Compiles parsed templates into one ``CompiledProgram``, resolving every partial and parent name to a
/// template index at load time.
struct ProgramCompiler {
    let indexByName: [String: Int]
    private(set) var program = CompiledProgram()
    private var blockIDs: [String: Int32] = [:]
    private var prefixIDs: [ArraySlice<String>: Int32] = [:]

    init(indexByName: [String: Int]) {
        self.indexByName = indexByName
    }

    /// Compiles one template; call in template index order.
    mutating func add(_ tokens: [ParsedToken], template: String) throws(TemplateLoadError) {
        let start = Int32(program.code.count)
        try emit(tokens, template: template)
        program.templates.append(start..<Int32(program.code.count))
        program.blockNames = blockIDs.sorted { $0.value < $1.value }.map(\.key)
    }

    private var here: Int32 {
        Int32(program.code.count)
    }

    private mutating func emit(_ tokens: [ParsedToken], template: String) throws(TemplateLoadError) {
        for token in tokens {
            switch token {
            case .text(let bytes):
                let (offset, length) = store(bytes)
                program.code.append(Instruction(.text, offset, length))
            case .variable(let name):
                program.code.append(Instruction(.variable, store(name)))
            case .section(let name, let body, let inverted):
                let nameIndex = store(name)
                let at = program.code.count
                program.code.append(Instruction(.jump, 0))
                try emit(body, template: template)
                program.code[at] = Instruction(inverted ? .invertedSection : .section, nameIndex, here)
            case .partial(let name, let indentation, let line):
                guard let index = indexByName[name] else {
                    throw TemplateLoadError(template: template, line: line, reason: .unknownPartial(name))
                }
                let (offset, length) = indentation.map { store($0) } ?? (0, -1)
                program.code.append(Instruction(.partial, Int32(index), offset, length, -1))
            case .parent(let name, let indentation, let blocks, let line):
                guard let index = indexByName[name] else {
                    throw TemplateLoadError(template: template, line: line, reason: .unknownParent(name))
                }
                let jumpAt = program.code.count
                program.code.append(Instruction(.jump, 0))
                var table: [CompiledProgram.Override] = []
                for (blockName, body) in blocks.sorted(by: { $0.key < $1.key }) {
                    let start = here
                    try emit(body, template: template)
                    table.append(CompiledProgram.Override(
                        blockID: blockID(blockName), start: start, end: here, template: Int32(program.templates.count)))
                }
                program.code[jumpAt] = Instruction(.jump, here)
                let tableStart = Int32(program.overrides.count)
                program.overrides += table
                program.overrideTables.append(tableStart..<Int32(program.overrides.count))
                let (offset, length) = store(indentation)
                program.code.append(Instruction(.partial, Int32(index), offset, length, Int32(program.overrideTables.count - 1)))
            case .block(let name, let body, let indentation):
                let at = program.code.count
                program.code.append(Instruction(.jump, 0))
                try emit(body, template: template)
                let (offset, length) = store(indentation)
                program.code[at] = Instruction(.block, blockID(name), here, offset, length)
            case .blockDefinition, .contentType:
                // Block definitions only exist inside parent tags, which the parser already took apart; the
                // content type needs no code because every value is HTML-escaped.
                break
            }
        }
    }

    private mutating func store(_ bytes: [UInt8]) -> (Int32, Int32) {
        let offset = Int32(program.text.count)
        program.text += bytes
        return (offset, Int32(bytes.count))
    }

    private mutating func store(_ name: VariableName) -> Int32 {
        let first = Int32(program.segments.count)
        program.segments += name.segments
        var prefix: Int32 = -1
        if name.segments.count > 1 {
            let segments = name.segments.dropLast()
            prefix = prefixIDs[segments] ?? Int32(prefixIDs.count)
            prefixIDs[segments] = prefix
        }
        program.names.append(CompiledProgram.Name(
            scope: name.scope, firstSegment: first, segmentCount: Int32(name.segments.count), prefix: prefix))
        return Int32(program.names.count - 1)
    }

    private mutating func blockID(_ name: String) -> Int32 {
        if let id = blockIDs[name] {
            return id
        }
        let id = Int32(blockIDs.count)
        blockIDs[name] = id
        return id
    }
}
