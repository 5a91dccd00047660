import OpenMarketInput
import Testing

@Suite("Form encoding", .timeLimit(.minutes(10)))
struct FormEncodingTests {
    @Test func pairsComeBackInOrderWithPlusAndEscapesDecoded() throws {
        let pairs = try #require(FormEncoding.pairs("q=%EC%BA%A0%ED%95%91%EC%9A%A9+%EB%9E%9C%ED%84%B4&ids=1&ids=2&empty=&bare&a%2Bb=c%3Dd"))
        #expect(pairs.map(\.name) == ["q", "ids", "ids", "empty", "bare", "a+b"])
        #expect(pairs.map(\.value) == ["캠핑용 랜턴", "1", "2", "", "", "c=d"])
    }

    @Test(arguments: ["a=%", "a=%4", "a=%ZZ", "a=%FF", "%C3=1", "a=%ED%A0%80"])
    func brokenEscapesAndBytesThatAreNotUTF8AreRefused(text: String) {
        #expect(FormEncoding.pairs(Substring(text)) == nil, "\(text)")
    }
}
