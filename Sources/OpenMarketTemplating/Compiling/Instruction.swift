/// One step of compiled template code. Plain integers only, so walking the code copies no references.
///
/// Bodies (of sections, blocks and overrides) follow their instruction inline; an instruction that owns a body
/// records where the body ends, and rendering continues there.
struct Instruction: Sendable {
    enum Kind: UInt8, Sendable {
        /// `a` is the offset of the text in the program's text bytes, `b` its length.
        case text
        /// `a` is the name's index.
        case variable
        /// `a` is the name's index, `b` the end of the body that follows.
        case section
        /// `a` is the name's index, `b` the end of the body that follows.
        case invertedSection
        /// `a` is the template's index, `b`/`c` the offset and length of the indentation (`c` is -1 for none),
        /// `d` the override table's index or -1.
        case partial
        /// `a` is the block name's id, `b` the end of the default body that follows, `c`/`d` the indentation.
        case block
        /// Continue at `a`: steps over override bodies, which only run through their block.
        case jump
    }

    let kind: Kind
    let a: Int32
    let b: Int32
    let c: Int32
    let d: Int32

    init(_ kind: Kind, _ a: Int32, _ b: Int32 = 0, _ c: Int32 = 0, _ d: Int32 = 0) {
        self.kind = kind
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }
}
