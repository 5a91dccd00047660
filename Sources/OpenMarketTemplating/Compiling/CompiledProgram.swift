/// Every template of a library compiled into one instruction array over one text buffer.
struct CompiledProgram: Sendable {
    /// A name from a tag: its scope and its segments in ``segments``.
    struct Name: Sendable {
        let scope: VariableName.Scope
        let firstSegment: Int32
        let segmentCount: Int32
        /// Identifies all segments but the last (`layout.t` of `layout.t.siteName`) for the lookup cache;
        /// -1 for names of one segment.
        let prefix: Int32
    }

    /// One block a parent tag overrides: the block's name id and the body's instruction range.
    struct Override: Sendable {
        let blockID: Int32
        let start: Int32
        let end: Int32
        /// The template whose parent tag holds the override.
        let template: Int32
    }

    var code: [Instruction] = []
    var text: [UInt8] = []
    var names: [Name] = []
    var segments: [String] = []
    var overrides: [Override] = []
    /// Each parent tag's overrides, as a range of ``overrides``.
    var overrideTables: [Range<Int32>] = []
    /// Each template's code, by template index.
    var templates: [Range<Int32>] = []
    /// Each template's name, by template index.
    var templateNames: [String] = []
    /// Whether a template, or a partial or parent it includes at any depth, has a block: blocks take the
    /// overrides of the parent tags being rendered around them, which a fragment rendered alone did not see.
    var reachesBlock: [Bool] = []
    /// The same for each override's body, by override index.
    var overrideReachesBlock: [Bool] = []
    /// Each block name, by block id.
    var blockNames: [String] = []

    /// Fills ``reachesBlock`` once all templates are compiled.
    mutating func findBlocks() {
        let included = templates.map { range in
            range.compactMap { pc in code[Int(pc)].kind == .partial ? Int(code[Int(pc)].a) : nil }
        }
        reachesBlock = templates.map { range in range.contains { code[Int($0)].kind == .block } }
        var changed = true
        while changed {
            changed = false
            for index in templates.indices where !reachesBlock[index] && included[index].contains(where: { reachesBlock[$0] }) {
                reachesBlock[index] = true
                changed = true
            }
        }
        overrideReachesBlock = overrides.map { override in
            (override.start..<override.end).contains { pc in
                let instruction = code[Int(pc)]
                return instruction.kind == .block || (instruction.kind == .partial && reachesBlock[Int(instruction.a)])
            }
        }
    }
}
