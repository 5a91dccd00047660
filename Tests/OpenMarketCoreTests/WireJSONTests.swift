import Foundation
import OpenMarketCore
import Testing

@Suite("WireJSON writing", .timeLimit(.minutes(10)))
struct WireJSONTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect(WireJSON.string(#"say "hi" \ bye"#).serialized() == #""say \"hi\" \\ bye""#)
    }

    @Test func newlineReturnAndTabUseShortEscapes() {
        #expect(WireJSON.string("a\nb\rc\td").serialized() == #""a\nb\rc\td""#)
    }

    @Test func otherControlCharactersUseUnicodeEscapes() {
        #expect(WireJSON.string("\u{01}").serialized() == #""\u0001""#)
        #expect(WireJSON.string("\u{1F}\u{00}").serialized() == #""\u001f\u0000""#)
    }

    @Test func lineAndParagraphSeparatorsAreEscaped() {
        // Raw U+2028/U+2029 are legal JSON but break JavaScript that embeds it.
        #expect(WireJSON.string("a\u{2028}b\u{2029}c").serialized() == #""a\u2028b\u2029c""#)
    }

    @Test func nonASCIITextIsWrittenAsIs() {
        #expect(WireJSON.string("머그컵 ☕️").serialized() == "\"머그컵 ☕️\"")
    }

    @Test func floatNumbersAlwaysCarryAFraction() {
        #expect(WireJSON.number(12000, asFloat: true).serialized() == "12000.0")
        #expect(WireJSON.number(0, asFloat: true).serialized() == "0.0")
        #expect(WireJSON.number(Decimal(string: "12.5")!, asFloat: true).serialized() == "12.5")
    }

    @Test func plainNumbersStayIntegersWhenWhole() {
        #expect(WireJSON.number(12000, asFloat: false).serialized() == "12000")
        #expect(WireJSON.number(Decimal(string: "12.5")!, asFloat: false).serialized() == "12.5")
        #expect(WireJSON.number(Decimal(string: "-3.25")!, asFloat: false).serialized() == "-3.25")
    }

    @Test func decimalsAreWrittenWithoutBinaryRoundingNoise() {
        #expect(WireJSON.number(Decimal(string: "0.1")!, asFloat: true).serialized() == "0.1")
        #expect(WireJSON.number(Decimal(string: "19.99")!, asFloat: true).serialized() == "19.99")
    }

    @Test func objectsKeepMemberOrderAndScalarsAreLiteral() {
        let json = WireJSON.object([
            ("z", .int(-1)), ("a", .bool(true)), ("m", .bool(false)), ("n", .null), ("list", .array([.int(1), .string("x")])),
            ("empty", .object([])),
        ])

        #expect(json.serialized() == #"{"z":-1,"a":true,"m":false,"n":null,"list":[1,"x"],"empty":{}}"#)
    }

    @Test func dataIsTheUTF8OfTheSerializedText() {
        let json = WireJSON.object([("name", .string("머그"))])

        #expect(json.data == Data(#"{"name":"머그"}"#.utf8))
    }

    @Test func trickyOutputParsesBackToTheSameValues() throws {
        let tricky = "q\" b\\ n\n r\r t\t c\u{01}\u{1F} ls\u{2028} ps\u{2029} 한글 /slash"
        let json = WireJSON.object([
            ("text", .string(tricky)), ("price", .number(Decimal(string: "12.5")!, asFloat: true)), ("whole", .number(7, asFloat: true)),
            ("flag", .bool(false)), ("nothing", .null),
        ])

        let parsed = try parsedObject(json)

        #expect(parsed["text"] as? String == tricky)
        #expect(parsed["price"] as? Double == 12.5)
        #expect(parsed["whole"] as? Double == 7)
        #expect(parsed["flag"] as? Bool == false)
        #expect(parsed["nothing"] is NSNull)
    }
}
