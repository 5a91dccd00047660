/// What a person typed into a search box, turned into an FTS5 query that can only ever be text.
///
/// Pure Swift on `String` and `Unicode.Scalar` (no SQLite, no Foundation), so it can be moved into a small
/// module of its own and fuzzed. Every scalar the person typed ends up inside a double-quoted FTS5 string,
/// with `"` doubled scalar by scalar: grapheme clusters such as `"` + U+0301 cannot hide a quote, and words
/// like `OR`, `NEAR(`, `col:x`, `*` or `^` stay words to look for.
///
/// Cleaning, before anything else:
/// - whitespace of any kind (tab, newline, no-break space…) becomes one space; runs collapse, ends are trimmed;
/// - control characters (Cc, NUL included) are dropped;
/// - invisible format characters (Cf: BOM, soft hyphen, bidi overrides, word joiners) are dropped, except the
///   zero-width joiner and non-joiner, which are part of emoji sequences and of some scripts' spelling;
/// - at most `maxScalars` scalars are kept.
public struct SearchExpression: Sendable, Hashable {
    /// Which full-text index answers the query.
    public enum Index: Sendable, Hashable {
        /// The trigram index over name and description: three scalars or more.
        case trigram
        /// The index of every one- and two-scalar window: queries of one or two scalars.
        case short
    }

    /// Longer input is cut: a query longer than any name is pointless and would only cost index work.
    public static let maxScalars = 200

    public let index: Index
    /// The FTS5 query, one double-quoted string.
    public let match: String
    /// The text searched for, after cleaning.
    public let text: String

    /// `nil` when nothing searchable is left after cleaning.
    public init?(_ typed: String) {
        let scalars = Self.cleaned(typed)
        guard !scalars.isEmpty else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        self.text = text
        if scalars.count >= 3 {
            index = .trigram
            match = Self.quoted(scalars)
        } else {
            index = .short
            match = "\"" + Self.shortToken(scalars) + "\""
        }
    }

    /// The scalars that are searched for, as described on the type.
    public static func cleaned(_ typed: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in typed.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .control: continue
            case .format where scalar.value != 0x200D && scalar.value != 0x200C: continue
            default: break
            }
            if pendingSpace {
                if result.count + 1 >= maxScalars { break }
                result.append(" ")
                pendingSpace = false
            }
            if result.count >= maxScalars { break }
            result.append(scalar)
        }
        return result
    }

    /// One FTS5 string: `"` … `"`, each `"` inside doubled.
    public static func quoted(_ scalars: [Unicode.Scalar]) -> String {
        var result = "\""
        for scalar in scalars {
            if scalar == "\"" { result.unicodeScalars.append("\"") }
            result.unicodeScalars.append(scalar)
        }
        result.unicodeScalars.append("\"")
        return result
    }

    /// The short index's word for one or two scalars: the hex of their UTF-8 bytes, ASCII letters lowered,
    /// exactly as the database's `hex(lower(substr(…)))` writes it (SQLite's `lower` folds ASCII only).
    public static func shortToken(_ scalars: [Unicode.Scalar]) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var token = ""
        for scalar in scalars {
            let folded = (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
            for byte in String(folded).utf8 {
                token.unicodeScalars.append(digits[Int(byte >> 4)])
                token.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return token
    }
}
