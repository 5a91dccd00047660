import Foundation
import OpenMarketCore

/// The product as an edit form showed it. The form carries it (the hidden `shown` field), so a submit can tell
/// whether someone else changed the product meanwhile — another tab, the admin console, an app — and what.
struct ShownProduct: Sendable, Equatable {
    /// The form's text for each editable field, as `ProductFormInput(product:)` writes it.
    var values: [FormField: String]

    /// `.images` is the photos' ids in their order: a photo added, removed or moved meanwhile is a change too.
    static let fields: [FormField] = [.name, .description, .price, .currency, .discountedPrice, .stock, .thumbnailID, .images]

    init(_ product: ProductDetail) {
        let input = ProductFormInput(product: product)
        values = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0, input[$0]) })
        values[.images] = Self.photosValue(product)
    }

    /// Whether a product is still as shown, for the use case to decide inside the market's own transaction.
    var isStill: @Sendable (ProductDetail) -> Bool {
        let shown = self
        return { ShownProduct($0) == shown }
    }

    static func photosValue(_ product: ProductDetail) -> String {
        product.images.map { String($0.id) }.joined(separator: ",")
    }

    /// How many photos a `.images` value names.
    static func photoCount(_ value: String) -> Int {
        value.isEmpty ? 0 : value.split(separator: ",").count
    }

    /// Reads the hidden field; `nil` for anything this server did not write (then there is nothing to compare).
    init?(field: String?) {
        guard let field, !field.isEmpty, field.utf8.count <= 16 * 1024,
            let data = Data(base64Encoded: field.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                .padding(toLength: (field.count + 3) / 4 * 4, withPad: "=", startingAt: 0)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else { return nil }
        var values: [FormField: String] = [:]
        for field in Self.fields {
            guard let value = object[field.rawValue] else { return nil }
            values[field] = value
        }
        self.values = values
    }

    /// The hidden field's value: base64url of a JSON object, so any text survives the form round trip.
    var field: String {
        let object = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Someone changed the product between the form being shown and submitted.
struct EditConflict: Sendable {
    /// A field someone else changed: what the form showed, and what the product holds now.
    struct Change: Sendable, Equatable {
        var field: FormField
        var shown: String
        var now: String
        /// The person changed this field too, to something else.
        var alsoChangedHere: Bool
    }

    var changes: [Change]
    /// The form to show again: the person's own edits kept, every field they left alone showing the product as it
    /// is now, and `shown` set to now — so saving it applies their edits and nothing else.
    var merged: ProductFormInput

    /// `nil` when the product is as the form showed it, or the form carries nothing to compare with.
    init?(submitted: ProductFormInput, shown: ShownProduct?, current product: ProductDetail) {
        guard let shown else { return nil }
        let now = ShownProduct(product)
        guard now != shown else { return nil }
        var merged = submitted
        var changes: [Change] = []
        for field in ShownProduct.fields {
            let before = shown.values[field] ?? "", after = now.values[field] ?? "", typed = submitted[field]
            guard before != after else { continue }
            let typedHere = !Self.same(typed, before, field)
            if !typedHere { merged[field] = after }
            changes.append(Change(field: field, shown: before, now: after, alsoChangedHere: typedHere && !Self.same(typed, after, field)))
        }
        merged.shown = now
        self.changes = changes
        self.merged = merged
    }

    /// Text the person left as it was shown reads the same even when the browser rewrote its line breaks or
    /// the person typed the number differently (`12,000` for `12000`).
    private static func same(_ typed: String, _ shown: String, _ field: FormField) -> Bool {
        switch field {
        case .price, .discountedPrice:
            guard let a = ProductFormInput.amount(typed), let b = ProductFormInput.amount(shown) else { return typed == shown }
            return a == b
        case .name, .description:
            return typed.trimmingCharacters(in: .whitespacesAndNewlines) == shown.trimmingCharacters(in: .whitespacesAndNewlines)
        case .thumbnailID:
            // A form without the choice (a product with one photo) leaves it as it was.
            return typed.isEmpty || typed == shown
        case .images:
            // The photo choices name photos by id: they are shown again on the photos as they are now.
            return true
        default:
            return typed.trimmingCharacters(in: .whitespaces) == shown.trimmingCharacters(in: .whitespaces)
        }
    }
}
