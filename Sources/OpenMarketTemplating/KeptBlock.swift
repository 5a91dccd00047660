/// A kept block fragment (``TemplateObject/renderedFragment``) as a page holds it: where its bytes are in the page,
/// and their digest (``RenderedFragment/digest``).
public struct KeptBlock: Sendable, Equatable {
    public let range: Range<Int>
    public let digest: UInt64

    public init(range: Range<Int>, digest: UInt64) {
        self.range = range
        self.digest = digest
    }
}
