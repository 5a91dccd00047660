/// Every template of a directory, parsed and cross-checked once at start-up, then rendered by name.
///
/// Immutable after loading, so one library serves every request concurrently.
public struct TemplateLibrary: Sendable {
    /// How deeply partials may nest before a render stops: only a template that includes itself
    /// unconditionally gets there.
    public static let maximumPartialDepth = 64

    /// Output buffer reserved up front: a full list page is about 25 KB, so most pages never grow it.
    static let initialCapacity = 32 * 1024

    let program: CompiledProgram
    let indexByName: [String: Int]

    /// Parses templates given as text, keyed by name (`products/index`, `partials/price`).
    ///
    /// Throws for a syntax error, unescaped output, an unsupported feature, or a partial or parent that no
    /// template provides.
    public init(sources: [String: String]) throws(TemplateLoadError) {
        let names = sources.keys.sorted()
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            indexByName[name] = index
        }
        var compiler = ProgramCompiler(indexByName: indexByName)
        for name in names {
            var parser = TemplateParser(templateName: name, bytes: Array(sources[name, default: ""].utf8))
            try compiler.add(try parser.parse(), template: name)
        }
        var program = compiler.program
        program.templateNames = names
        program.findBlocks()
        self.program = program
        self.indexByName = indexByName
    }

    /// The names of all templates, sorted.
    public var templateNames: [String] {
        indexByName.keys.sorted()
    }

    /// Whether a template of this name was loaded.
    public func hasTemplate(named name: String) -> Bool {
        indexByName[name] != nil
    }

    /// Renders `object` with the named template into HTML.
    public func render(_ object: any TemplateObject, template name: String) throws(TemplateRenderError) -> String {
        try render(object, template: name) { $0.output.makeString() }
    }

    /// Renders `object` with the named template into UTF-8 bytes, ready for a response body.
    public func renderUTF8(_ object: any TemplateObject, template name: String) throws(TemplateRenderError) -> [UInt8] {
        try render(object, template: name) { $0.output.makeArray() }
    }

    /// Renders `object` with the named template straight into `destination` (a response body's writable bytes), so
    /// that a page is not copied there afterwards. A page larger than `destination` comes back as bytes of its own.
    public func render(
        _ object: any TemplateObject, template name: String, into destination: UnsafeMutableRawBufferPointer
    ) throws(TemplateRenderError) -> RenderedInto {
        try renderPage(object, template: name, into: destination).placement
    }

    /// ``render(_:template:into:)``, telling also where the page holds a kept block fragment, if it holds one.
    public func renderPage(
        _ object: any TemplateObject, template name: String, into destination: UnsafeMutableRawBufferPointer
    ) throws(TemplateRenderError) -> (placement: RenderedInto, keptBlock: KeptBlock?) {
        guard let index = indexByName[name] else {
            throw .unknownTemplate(name)
        }
        return try render(object, code: program.templates[index], name: name, output: OutputBuffer(borrowing: destination)) {
            ($0.output.isBorrowed ? .destination(byteCount: $0.output.count) : .overflow($0.output.makeArray()), $0.keptBlock)
        }
    }

    /// Where ``render(_:template:into:)`` put the page.
    public enum RenderedInto {
        /// The first `byteCount` bytes of the destination.
        case destination(byteCount: Int)
        /// The page did not fit: these are its bytes, and the destination holds nothing of use.
        case overflow([UInt8])
    }

    /// Renders `object` with the named template into a fragment that pages can include without rendering it
    /// again (see ``TemplateObject/renderedFragment``).
    public func renderFragment(_ object: any TemplateObject, template name: String) throws(TemplateRenderError) -> RenderedFragment {
        RenderedFragment(template: name, bytes: try renderUTF8(object, template: name))
    }

    /// Renders `object` with the body that `template`'s parent tag gives `block` (the page's `{{$content}}`), into a
    /// fragment written in its place where that override renders with the object on top of the stack.
    public func renderFragment(_ object: any TemplateObject, block: String, of template: String) throws(TemplateRenderError) -> RenderedFragment {
        guard let index = indexByName[template],
            let override = program.overrides.first(where: { Int($0.template) == index && program.blockNames[Int($0.blockID)] == block })
        else {
            throw .unknownTemplate(template + "$" + block)
        }
        let bytes = try render(object, code: override.start..<override.end, name: template) { $0.output.makeArray() }
        return RenderedFragment(template: template, block: block, bytes: bytes)
    }

    private func render<Output>(
        _ object: any TemplateObject, template name: String, as makeOutput: (borrowing TemplateRenderer) -> Output
    ) throws(TemplateRenderError) -> Output {
        guard let index = indexByName[name] else {
            throw .unknownTemplate(name)
        }
        return try render(object, code: program.templates[index], name: name, as: makeOutput)
    }

    private func render<Output>(
        _ object: any TemplateObject, code range: Range<Int32>, name: String,
        output: consuming OutputBuffer = OutputBuffer(capacity: Self.initialCapacity), as makeOutput: (borrowing TemplateRenderer) -> Output
    ) throws(TemplateRenderError) -> Output {
        var output: OutputBuffer? = consume output
        let result: Output? = program.code.withUnsafeBufferPointer { code in
            program.text.withUnsafeBufferPointer { text in
                guard let start = output.take() else { return nil }
                var renderer = TemplateRenderer(
                    program: program, code: code, text: text, maximumDepth: Self.maximumPartialDepth, root: object,
                    output: start)
                renderer.run(Int(range.lowerBound), Int(range.upperBound))
                return renderer.tooDeep ? nil : makeOutput(renderer)
            }
        }
        guard let result else {
            throw .partialsTooDeep(name)
        }
        return result
    }
}
