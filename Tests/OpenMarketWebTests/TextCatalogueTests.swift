import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import Testing
@testable import OpenMarketWeb

/// Each language's texts are one data file (`Texts/<code>.texts`); these hold the files to each other, to the code
/// and to the templates, and show that a language made up here serves through the same lookup.
@Suite(.timeLimit(.minutes(10))) struct TextCatalogueTests {
    static func korean() throws -> TextCatalogue { try TextCatalogues.read("ko") }

    @Test func theShippedFilesServeEveryPage() throws {
        #expect(TextCatalogues.problems() == [])
        let korean = try Self.korean()
        #expect(korean.keys.count > 300)
        for language in Language.allCases {
            #expect(try TextCatalogues.read(language.rawValue).keys == korean.keys, "\(language)")
        }
    }

    /// Every text a template names (`{{t.x}}`, `{{admin.a.x}}`, `{{q.x}}`) is in the catalogue under that name.
    @Test func everyTextATemplateNamesIsThere() throws {
        let korean = try Self.korean()
        let templates = TestSupport.packageRoot.appending(path: "Templates")
        let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        var named = 0
        let pattern = /\{\{[#^\/&]?(t|admin\.a|q)\.(\w+)\}\}/
        for file in files where file.pathExtension == "mustache" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in source.matches(of: pattern) {
                let prefix = ["t": "", "admin.a": "admin.", "q": "question."][String(match.1)] ?? ""
                let key = prefix + match.2
                named += 1
                #expect(korean.keys.contains(key), "\(file.lastPathComponent) names \(key), which no file has")
            }
        }
        #expect(named > 250)
    }

    @Test func aFileIsReadWithCommentsPlaceholdersAndLineNumbersInItsErrors() throws {
        let catalogue = try TextCatalogue(code: "xx", source: "# a comment\n\ngreeting = 안녕, {name} 님\nplain=  spaced text \n")
        #expect(catalogue.keys == ["greeting", "plain"])
        #expect(catalogue["plain"] == "spaced text")
        #expect(catalogue.placeholders(of: "greeting") == ["name"])
        #expect(catalogue.filling("greeting", ["name": "<이웃>"]) == "안녕, <이웃> 님")
        #expect(catalogue.filling("greeting", [:]) == "안녕, {name} 님")
        #expect(catalogue["missing"] == "missing")

        func problem(_ source: String) -> String? {
            do {
                _ = try TextCatalogue(code: "xx", source: source)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("a = 1\nno equals sign") == "xx.texts, line 2: no ‘key = text’")
        #expect(problem("a = 1\na = 2") == "xx.texts, line 2: ‘a’ is given twice")
        #expect(problem("bad key = 1") == "xx.texts, line 1: ‘bad key’ is not a key (letters, digits and dots)")
        #expect(problem("a = {open") == "xx.texts, line 1: a ‘{’ without its ‘}’")
    }

    @Test func aLanguageLackingAKeyAddingOneOrChangingPlaceholdersIsNamed() throws {
        let reference = try TextCatalogue(code: "ko", source: "a = 하나\nb = {count}개\nc = {x}와 {y}")
        let good = try TextCatalogue(code: "xx", source: "a = one\nb = {count} of them\nc = {y} and {x}")
        #expect(good.problems(against: reference) == [])
        let bad = try TextCatalogue(code: "xx", source: "b = {number} of them\nc = {x} and {y}\nd = extra")
        #expect(bad.problems(against: reference) == [
            "xx.texts lacks ‘a’",
            "xx.texts has ‘d’, which ko.texts does not",
            "xx.texts ‘b’ has placeholders [{number}], ko.texts [{count}]",
        ])
    }

    /// A third language, made up here from the Korean file: it passes the same checks, and the storefront's and
    /// the console's lookups (the code's and the templates') answer with its texts and fill its placeholders.
    @Test func aMadeUpThirdLanguageServesThroughTheSameLookups() throws {
        let korean = try Self.korean()
        var lines: [String] = []
        for key in korean.keys.sorted() {
            let placeholders = korean.placeholders(of: key).sorted().map { "{\($0)}" }.joined(separator: " ")
            lines.append("\(key) = ⟪\(key)⟫ \(placeholders)")
        }
        let madeUp = try TextCatalogue(code: "xx", source: lines.joined(separator: "\n"))
        #expect(madeUp.problems(against: korean) == [])

        let strings = Strings(language: .english, catalogue: madeUp)
        #expect(strings[.searchButton] == "⟪searchButton⟫")
        #expect(strings.resultRange(total: "90", from: "1", to: "20") == "⟪resultRange⟫ 1 20 90")
        guard case .text(let text)? = strings.templateTexts.value(forKey: "searchButton") else {
            Issue.record("templates cannot read the made-up searchButton")
            return
        }
        #expect(text == "⟪searchButton⟫")
        let console = AdminStrings(language: .english, catalogue: madeUp)
        #expect(console[.signOut] == "⟪admin.signOut⟫")
        guard case .text(let signOut)? = console.templateTexts.value(forKey: "signOut") else {
            Issue.record("templates cannot read the made-up admin.signOut")
            return
        }
        #expect(signOut == "⟪admin.signOut⟫")
        let questions = QuestionTexts(language: .english, catalogue: madeUp)
        #expect(questions[.askButton] == "⟪question.askButton⟫")
        // Prices, days and the market's own words follow the file too: no language is named in code.
        var shaped = lines.filter { !$0.hasPrefix("monthNames ") && !$0.hasPrefix("showMarketWords ") }
        shaped += ["monthNames = I II III IV V VI VII VIII IX X XI XII", "showMarketWords = yes"]
        let shapedStrings = Strings(language: .english, catalogue: try TextCatalogue(code: "xx", source: shaped.joined(separator: "\n")))
        let format = Formatting(strings: shapedStrings)
        #expect(format.price(minor: 1_200_000, currency: .krw) == "⟪priceWon⟫ 1,200,000")
        #expect(format.price(minor: 1250, currency: .usd) == "⟪priceDollars⟫ 12.50")
        #expect(format.date(Date(timeIntervalSince1970: 1_795_000_000)) == "⟪dayFormat⟫ 18 XI 2026")
        #expect(shapedStrings.errMarketRefused(field: nil, message: "no") == "⟪marketRefusedForm⟫ ⟪marketSaid⟫ no")

        // The same file missing one text is refused, naming the text.
        let lacking = try TextCatalogue(code: "xx", source: lines.filter { !$0.hasPrefix("searchButton ") }.joined(separator: "\n"))
        #expect(lacking.problems(against: korean) == ["xx.texts lacks ‘searchButton’"])
    }
}
