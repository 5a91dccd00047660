import Mustache
import OpenMarketTexts
@testable import OpenMarketWeb

/// A page model as swift-mustache reads it: its stored properties by reflection, and for the names a page model
/// hands on to its `PageContext`, the context's layout and strings catalogue, as reflection finds them too.
///
/// Nothing here goes through the hand-written `value(forKey:)`, so a name one of those switches forgets renders
/// differently from this reference.
struct ReflectedPage: MustacheParent {
    let page: any PageModel

    func child(named name: String) -> Any? {
        if let value = Self.property(name, of: page) {
            return value
        }
        // A page whose content is kept apart from its layout (the list page) answers the content's names too; a
        // kept content is held by reference (`kept.content`).
        let content = Self.property("content", of: page) ?? Self.property("kept", of: page).flatMap { Self.property("content", of: $0) }
        if let content, let value = Self.property(name, of: content) {
            return value
        }
        guard let context = Self.property("context", of: page) as? PageContext else { return nil }
        switch name {
        case "layout": return context.layout
        case "t": return context.strings
        case "q": return context.language.questionTexts
        default: return nil
        }
    }

    /// The stored property's value, unwrapped when optional, as swift-mustache's own lookup does.
    static func property(_ name: String, of value: Any) -> Any? {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
        let optional = Mirror(reflecting: child.value)
        guard optional.displayStyle == .optional else { return child.value }
        return optional.children.first?.value
    }
}

/// A listed card as swift-mustache reads it: the card's stored properties, by reflection.
extension ListedCard: MustacheParent {
    public func child(named name: String) -> Any? {
        ReflectedPage.property(name, of: card)
    }
}

/// A section of texts as swift-mustache looks them up: by key, through the code's own lookup rather than the
/// templates' table (`TemplateTexts`), so a text the table lost renders differently from this reference.
extension TextSection: MustacheParent {
    public func child(named name: String) -> Any? {
        Key(rawValue: name).map { self[$0] }
    }
}
