import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `/admin/export.csv` over real HTTP: streamed, UTF-8 with a BOM, RFC 4180 quoting, formulas defused.
@Suite("Admin CSV export", .timeLimit(.minutes(10)))
struct AdminExportTests {
    static let header = "id,name,vendor,currency,price,discounted_price,sale_price,stock,created_at,description"

    /// The body after the byte order mark, which the test requires.
    private func csvText(_ response: TestResponse) throws -> String {
        let bytes = response.bytes
        try #require(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "no UTF-8 byte order mark: \(bytes.prefix(3))")
        return String(decoding: bytes.dropFirst(3), as: UTF8.self)
    }

    @Test func theExportIsEveryProductAsUTF8CSVWithABOMAndCRLF() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            var admin = try await AdminClient.signedIn(client)
            let response = try await admin.get("/admin/export.csv")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
            #expect(response.headers[.cacheControl] == "no-store")
            let text = try csvText(response)
            #expect(text.hasPrefix(Self.header + "\r\n"))
            #expect(text.hasSuffix("\r\n"))
            // Line breaks inside descriptions are quoted "\n"; every record ends with CRLF.
            #expect(text.components(separatedBy: "\r\n").count - 1 == 25)
            let records = CSVReader.records(text)
            #expect(records.count == 25)
            #expect(records.first == Self.header.components(separatedBy: ","))
            #expect(records.allSatisfy { $0.count == 10 }, "every record has ten fields")
            // All rows, in the table's default order (newest first), although they are written batch by batch.
            let api = try await MarketProbe.products(via: client)
            #expect(records.dropFirst().compactMap { Int($0[0]) } == api.map(\.id).sorted(by: >))
            #expect(text.contains("캠핑용 랜턴"))
            #expect(text.contains("\"원목으로 만든 튼튼한 식탁 의자입니다.\n1년 정도 사용했고 흔들림 없어요.\n직거래 우선입니다.\""))
            let chair = try #require(records.first { $0[1] == "원목 의자" })
            #expect(Array(chair[3...7]) == ["KRW", "45000", "5000", "40000", "2"])
            #expect(chair[8].count == 10 && chair[8].hasPrefix("20"), "created_at is a day: \(chair[8])")
            let camera = try #require(records.first { $0[1] == "Vintage Film Camera" })
            #expect(Array(camera[3...7]) == ["USD", "129.99", "15.5", "114.49", "1"])
            let dvd = try #require(records.first { $0[1].hasPrefix("Tom & Jerry") })
            #expect(dvd[1] == "Tom & Jerry <DVD> \"Special\" 판", "CSV is not HTML: no entities")
        }
    }

    @Test func theExportKeepsTheTablesFilters() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            var admin = try await AdminClient.signedIn(client)
            let soldOut = try await admin.get("/admin/export.csv?stock=out")
            #expect(soldOut.status == .ok)
            let records = CSVReader.records(try csvText(soldOut)).dropFirst()
            #expect(records.count == 3)
            #expect(records.allSatisfy { $0[7] == "0" })
            let camping = try await admin.get("/admin/export.csv?q=%EC%BA%A0%ED%95%91&sort=price&dir=asc")
            let names = CSVReader.records(try csvText(camping)).dropFirst().map { $0[1] }
            #expect(names == ["캠핑용 랜턴", "캠핑 텐트 3~4인용"])
            let dollars = try await admin.get("/admin/export.csv?currency=USD")
            #expect(CSVReader.records(try csvText(dollars)).dropFirst().map { $0[3] } == Array(repeating: "USD", count: 6))
        }
    }

    @Test func quotesCommasLineBreaksAndFormulasAreWrittenSafely() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let quoted = try await MarketSeed.create(name: "Mug, \"Large\"", description: "First line\nSecond, line", via: client)
            let formula = try await MarketSeed.create(name: "=HYPERLINK(\"http://evil.example\")", description: "@SUM(A1:A9)", via: client)
            var admin = try await AdminClient.signedIn(client)
            let text = try csvText(try await admin.get("/admin/export.csv"))
            #expect(text.contains("\r\n\(quoted.id),\"Mug, \"\"Large\"\"\","))
            #expect(text.contains(",\"First line\nSecond, line\"\r\n"))
            #expect(text.contains("\r\n\(formula.id),\"'=HYPERLINK(\"\"http://evil.example\"\")\","))
            #expect(text.contains(",'@SUM(A1:A9)\r\n"))
            let records = CSVReader.records(text)
            #expect(records.count == 27)
            #expect(records.first { $0[0] == "\(quoted.id)" }?[1] == "Mug, \"Large\"")
            #expect(records.first { $0[0] == "\(formula.id)" }?[1] == "'=HYPERLINK(\"http://evil.example\")")
        }
    }

    @Test func signedOutExportRedirectsWithoutAnyData() async throws {
        let app = try await buildApplication(AdminClient.configuration())
        try await app.stoppableTest(.live) { client in
            let response = try await client.execute(uri: "/admin/export.csv", method: .get)
            #expect(response.status == .seeOther)
            #expect(!response.text.contains("id,name"))
        }
    }
}

/// `CSVWriter`'s rules on their own, including inputs the sample data lacks.
@Suite("Admin CSV writer", .timeLimit(.minutes(10)))
struct AdminCSVWriterTests {
    @Test(arguments: [
        ("plain", "plain"), ("", ""), ("캠핑용 랜턴", "캠핑용 랜턴"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""), ("cr\rhere", "\"cr\rhere\""), ("=1+2", "'=1+2"), ("+82 10", "'+82 10"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"),
        ("-5", "-5"), ("-12.5", "-12.5"), ("=A1,B1", "\"'=A1,B1\""), ("a=b", "a=b"),
        ("  =1+1", "'  =1+1"), ("\t\t@SUM(A1)", "'\t\t@SUM(A1)"), (" +82 10", "' +82 10"), (" \t-cmd", "' \t-cmd"), ("  -5", "  -5"),
        ("   ", "   "),
    ])
    func quote(field: String, expected: String) {
        #expect(CSVWriter.quote(field) == expected)
        var buffer = ByteBuffer()
        CSVWriter.write(field, into: &buffer)
        #expect(String(buffer: buffer) == expected)
    }

    /// A CRLF is one `Character` in Swift, equal to neither CR nor LF: a field holding one must still be quoted, or
    /// it would end the row in a spreadsheet.
    @Test func aFieldWithALineBreakOfBothKindsIsQuoted() {
        #expect(CSVWriter.quote("one\r\ntwo") == "\"one\r\ntwo\"")
        var buffer = ByteBuffer()
        CSVWriter.write("one\r\ntwo", into: &buffer)
        #expect(String(buffer: buffer) == "\"one\r\ntwo\"")
    }

    /// The export writes each product straight into its buffer; the bytes are those of the plain line.
    @Test func aProductIsWrittenAsItsLineReads() {
        let hostile = ["", "캠핑 \"랜턴\", 2개", "=HYPERLINK(\"x\")", " @SUM(A1)", "\ttab", "a\r\nb", "\"\"", "-5", "😀,🇰🇷"]
        let amounts: [Decimal] = [0, 35_000, Decimal(string: "12.5") ?? 0, Decimal(string: "0.05") ?? 0, Decimal(string: "123456789012345678901234567890") ?? 0]
        for (index, text) in hostile.enumerated() {
            let product = ProductSummary(
                id: 1_000 + index, vendorID: 7, vendorName: hostile[(index + 3) % hostile.count], name: text,
                description: hostile[(index + 1) % hostile.count], thumbnailURL: "", currency: index % 2 == 0 ? .krw : .usd,
                price: amounts[index % amounts.count], discountedPrice: amounts[(index + 2) % amounts.count], stock: index * 3,
                createdAt: Date(timeIntervalSince1970: 1_677_715_200 + Double(index) * 86_400), issuedAt: Date())
            var buffer = ByteBuffer()
            CSVWriter.write(product, into: &buffer)
            #expect(String(buffer: buffer) == CSVWriter.line(CSVWriter.fields(product)), "\(text)")
        }
    }

    @Test func aLineJoinsQuotedFieldsAndEndsWithCRLF() {
        #expect(CSVWriter.line(["1", "a,b", "=x"]) == "1,\"a,b\",'=x\r\n")
        #expect(CSVWriter.line(CSVWriter.header) == AdminExportTests.header + "\r\n")
        #expect(CSVWriter.byteOrderMark == [0xEF, 0xBB, 0xBF])
        #expect(CSVWriter.batchSize == 500)
    }

    @Test func theReaderUsedByTheseTestsUndoesTheWriter() {
        let rows = [["1", "Mug, \"Large\"", "x\ny"], ["2", "", "=z"]]
        let text = rows.map(CSVWriter.line).joined()
        #expect(CSVReader.records(text) == [["1", "Mug, \"Large\"", "x\ny"], ["2", "", "'=z"]])
    }
}
