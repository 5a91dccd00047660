/// The elements a list section loops over.
///
/// Arrays of ``TemplateObject`` values conform, so a page model returns `.list(cards)` without copying
/// the array into existentials on every lookup.
public protocol TemplateList {
    /// The number of elements.
    var count: Int { get }

    /// The element at `index`, in `0..<count`.
    func element(at index: Int) -> any TemplateObject
}

extension Array: TemplateList where Element: TemplateObject {
    public func element(at index: Int) -> any TemplateObject {
        self[index]
    }
}
