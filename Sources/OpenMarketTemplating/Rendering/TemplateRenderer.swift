/// The state of one render: output buffer, context stack, block overrides and indentation.
///
/// Its rules follow swift-mustache 2.1.1's `MustacheTemplate.render(context:)`: each nested body (a section
/// pass, a partial, a block) starts a new run in which partial indentation goes in front of every step that
/// follows a line break produced in that same run.
///
/// Only valid inside ``TemplateLibrary``'s `withUnsafeBufferPointer` scopes, which keep `code` and `text` alive.
struct TemplateRenderer: ~Copyable {
    let program: CompiledProgram
    let code: UnsafeBufferPointer<Instruction>
    let text: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var output: OutputBuffer
    /// Never empty: the root object is at the bottom.
    var stack: [ContextFrame] = []
    /// Objects that dotted names went through (`price` of `price.salePrice`), keyed by the frame they were
    /// found from and the name prefix, so that the next name through them does not box the same struct again.
    var prefixKeys: [Int64] = []
    var prefixObjects: [ContextFrame] = []
    /// Override tables of the parent tags being rendered, outermost first: the outermost override wins.
    var overrideTables: [Int32] = []
    /// Grows and shrinks with nested partials and blocks, so it is allocated once per render at most.
    var indentation: [UInt8] = []
    var depth = 0
    var tooDeep = false
    /// Where the first kept block fragment was written, and its digest. Nothing written after it moves it:
    /// indentation is only inserted inside indented runs, and a kept fragment is only written outside them.
    var keptBlock: KeptBlock?

    init(
        program: CompiledProgram, code: UnsafeBufferPointer<Instruction>, text: UnsafeBufferPointer<UInt8>,
        maximumDepth: Int, root: any TemplateObject, output: consuming OutputBuffer
    ) {
        self.program = program
        self.code = code
        self.text = text
        self.maximumDepth = maximumDepth
        self.output = output
        stack.reserveCapacity(8)
        prefixKeys.reserveCapacity(16)
        prefixObjects.reserveCapacity(16)
        stack.append(ContextFrame(.object(root)))
    }

    /// Renders the code in `start..<end` as one run.
    mutating func run(_ start: Int, _ end: Int) {
        var pc = start
        guard !indentation.isEmpty else {
            while pc < end {
                pc = step(pc)
            }
            return
        }
        let runStart = output.count
        while pc < end {
            let before = output.count
            pc = step(pc)
            if output.count > before, before > runStart, endsWithLineFeed(before, runStart: runStart) {
                indentation.withUnsafeBufferPointer { output.insert($0, at: before) }
            }
        }
    }

    /// Whether this run's output so far ends in "\n" as a whole character: "\r\n" is one `Character` in
    /// swift-mustache's `string.last == "\n"` test, so it does not count.
    private func endsWithLineFeed(_ end: Int, runStart: Int) -> Bool {
        guard output[end - 1] == UInt8(ascii: "\n") else { return false }
        return end - 2 < runStart || output[end - 2] != UInt8(ascii: "\r")
    }

    /// Renders the instruction at `pc`; returns where to go on.
    private mutating func step(_ pc: Int) -> Int {
        let instruction = code[pc]
        switch instruction.kind {
        case .text:
            let start = Int(instruction.a)
            output.append(UnsafeBufferPointer(rebasing: text[start..<start + Int(instruction.b)]))
            return pc + 1
        case .variable:
            if let value = resolve(Int(instruction.a)) {
                append(value)
            }
            return pc + 1
        case .section:
            let end = Int(instruction.b)
            if let value = resolve(Int(instruction.a)) {
                renderSection(value, pc + 1, end)
            }
            return end
        case .invertedSection:
            let end = Int(instruction.b)
            if isFalsy(resolve(Int(instruction.a))) {
                run(pc + 1, end)
            }
            return end
        case .partial:
            renderPartial(instruction)
            return pc + 1
        case .block:
            let end = Int(instruction.b)
            let overriding = override(Int32(instruction.a))
            if let overriding, let fragment = keptFragment(block: instruction, override: overriding) {
                if keptBlock == nil {
                    keptBlock = KeptBlock(range: output.count..<output.count + fragment.byteCount, digest: fragment.digest)
                }
                fragment.bytes.withUnsafeBufferPointer { output.append($0) }
                return end
            }
            let body = overriding.map { (Int(program.overrides[$0].start), Int(program.overrides[$0].end)) } ?? (pc + 1, end)
            let added = indent(offset: instruction.c, length: instruction.d)
            run(body.0, body.1)
            indentation.removeLast(added)
            return end
        case .jump:
            return Int(instruction.a)
        }
    }

    private mutating func renderSection(_ value: TemplateValue, _ start: Int, _ end: Int) {
        switch value {
        case .bool(let isTrue):
            if isTrue {
                run(start, end)
            }
        case .list(let list):
            for index in 0..<list.count {
                stack.append(ContextFrame(.object(list.element(at: index))))
                run(start, end)
                pop()
            }
        case .texts(let texts):
            for text in texts {
                stack.append(ContextFrame(.text(text)))
                run(start, end)
                pop()
            }
        case .text, .int, .object:
            stack.append(ContextFrame(value))
            run(start, end)
            pop()
        }
    }

    private func isFalsy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: true
        case .bool(let isTrue): !isTrue
        case .list(let list): list.count == 0
        case .texts(let texts): texts.isEmpty
        case .text, .int, .object: false
        }
    }

    private mutating func renderPartial(_ instruction: Instruction) {
        if let fragment = keptFragment(instruction) {
            fragment.bytes.withUnsafeBufferPointer { output.append($0) }
            return
        }
        guard depth < maximumDepth else {
            tooDeep = true
            return
        }
        let added = instruction.c < 0 ? 0 : indent(offset: instruction.b, length: instruction.c)
        if instruction.d >= 0 {
            overrideTables.append(instruction.d)
        }
        depth += 1
        let range = program.templates[Int(instruction.a)]
        run(Int(range.lowerBound), Int(range.upperBound))
        depth -= 1
        if instruction.d >= 0 {
            overrideTables.removeLast()
        }
        indentation.removeLast(added)
    }

    /// The fragment the object on top of the stack holds for this partial. Only where no indentation applies and
    /// no block can be overridden, which a fragment rendered on its own cannot reproduce; elsewhere the partial renders.
    private func keptFragment(_ instruction: Instruction) -> RenderedFragment? {
        guard instruction.d < 0, instruction.c <= 0, indentation.isEmpty, !program.reachesBlock[Int(instruction.a)],
            let fragment = stack[stack.count - 1].object?.renderedFragment, fragment.block == nil,
            fragment.template == program.templateNames[Int(instruction.a)]
        else { return nil }
        return fragment
    }

    /// Appends a partial's or block's indentation; returns how many bytes to remove afterwards.
    private mutating func indent(offset: Int32, length: Int32) -> Int {
        let start = Int(offset)
        indentation.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<start + Int(length)]))
        return Int(length)
    }

    /// The override of a block, as an index into the program's overrides.
    private func override(_ blockID: Int32) -> Int? {
        for table in overrideTables {
            let entries = program.overrideTables[Int(table)]
            for index in Int(entries.lowerBound)..<Int(entries.upperBound) where program.overrides[index].blockID == blockID {
                return index
            }
        }
        return nil
    }

    /// The fragment the object on top of the stack holds for this override, under the same conditions as a partial's.
    private func keptFragment(block instruction: Instruction, override index: Int) -> RenderedFragment? {
        guard instruction.d == 0, indentation.isEmpty, !program.overrideReachesBlock[index],
            let fragment = stack[stack.count - 1].object?.renderedFragment, let block = fragment.block,
            block == program.blockNames[Int(instruction.a)],
            fragment.template == program.templateNames[Int(program.overrides[index].template)]
        else { return nil }
        return fragment
    }
}
