import Foundation
import OpenMarketCore
@testable import OpenMarketStore
import Testing

@Suite("Product rules", .timeLimit(.minutes(10)))
struct ProductRulesTests {
    typealias Field = OpenMarketError.Field

    static func fields(
        name: String = "Vintage Film Camera", description: String = "A working 35mm camera.", price: Decimal = 12000,
        currency: Currency = .krw, discountedPrice: Decimal = 0, stock: Int = 1
    ) -> ProductRules.Fields {
        ProductRules.Fields(name: name, description: description, price: price, currency: currency, discountedPrice: discountedPrice, stock: stock)
    }

    /// The fields of the violations, or nil when the rules accepted the product.
    static func violatedFields(_ fields: ProductRules.Fields) -> Set<Field?>? {
        switch ProductRules.check(fields) {
        case .success: nil
        case .failure(let error): error.fields
        }
    }

    @Test("Name length counts characters: 3 and 100 pass, 2 and 101 do not", arguments: [(2, false), (3, true), (100, true), (101, false)])
    func nameLengthBoundaries(length: Int, accepted: Bool) {
        // Korean syllables are 3 bytes in UTF-8, so counting bytes would refuse 100 of them.
        let korean = String(repeating: "가", count: length)
        #expect((Self.violatedFields(Self.fields(name: korean)) == nil) == accepted)
        let ascii = String(repeating: "a", count: length)
        #expect((Self.violatedFields(Self.fields(name: ascii)) == nil) == accepted)
    }

    @Test func blankNameOrDescriptionIsRefused() {
        #expect(Self.violatedFields(Self.fields(name: "   ")) == [.name])
        #expect(Self.violatedFields(Self.fields(description: String(repeating: " ", count: 12))) == [.description])
        #expect(Self.violatedFields(Self.fields(name: " a b ")) == nil, "inner and outer spaces around real text are fine")
    }

    @Test func nameLengthCountsGraphemesNotScalars() {
        // "é" as e + combining accent is one character but two scalars.
        let accented = String(repeating: "e\u{301}", count: 100)
        #expect(accented.unicodeScalars.count == 200)
        #expect(Self.violatedFields(Self.fields(name: accented)) == nil)
        #expect(Self.violatedFields(Self.fields(name: "의자")) == [.name])
    }

    @Test("Description length: 10 and 1000 pass, 9 and 1001 do not", arguments: [(9, false), (10, true), (1000, true), (1001, false)])
    func descriptionLengthBoundaries(length: Int, accepted: Bool) {
        let description = String(repeating: "설", count: length)
        let result = Self.violatedFields(Self.fields(description: description))
        #expect((result == nil) == accepted)
        if !accepted { #expect(result == [.description]) }
    }

    @Test("Price must be positive", arguments: [Decimal(0), Decimal(-1), Decimal(string: "-0.01")!])
    func nonPositivePriceIsRefused(price: Decimal) {
        // A negative price also puts the default discount of 0 above it, so that may be reported too.
        let fields = Self.violatedFields(Self.fields(price: price, currency: .usd))
        #expect(fields?.contains(.price) == true)
        #expect(fields?.isSubset(of: [.price, .discountedPrice]) == true)
    }

    @Test func discountAbovePriceIsRefused() {
        #expect(Self.violatedFields(Self.fields(price: 12000, discountedPrice: 12001)) == [.discountedPrice])
    }

    @Test func discountEqualToPriceIsAccepted() throws {
        let amounts = try ProductRules.check(Self.fields(price: 12000, discountedPrice: 12000)).get()
        #expect(amounts.priceMinor == 12000)
        #expect(amounts.discountMinor == 12000)
    }

    @Test func negativeDiscountIsRefused() {
        #expect(Self.violatedFields(Self.fields(discountedPrice: -1)) == [.discountedPrice])
    }

    @Test func negativeStockIsRefused() {
        #expect(Self.violatedFields(Self.fields(stock: -1)) == [.stock])
        #expect(Self.violatedFields(Self.fields(stock: 0)) == nil)
    }

    @Test func wonHaveNoFraction() {
        #expect(Self.violatedFields(Self.fields(price: Decimal(string: "12000.5")!, currency: .krw)) == [.price])
        #expect(Self.violatedFields(Self.fields(price: 12000, currency: .krw, discountedPrice: Decimal(string: "0.5")!)) == [.discountedPrice])
    }

    @Test func dollarsHaveAtMostTwoDecimals() throws {
        #expect(Self.violatedFields(Self.fields(price: Decimal(string: "12.345")!, currency: .usd)) == [.price])
        #expect(
            Self.violatedFields(Self.fields(price: Decimal(string: "12.34")!, currency: .usd, discountedPrice: Decimal(string: "0.001")!))
                == [.discountedPrice])
        let amounts = try ProductRules.check(
            Self.fields(price: Decimal(string: "12.34")!, currency: .usd, discountedPrice: Decimal(string: "0.35")!)
        ).get()
        #expect(amounts.priceMinor == 1234)
        #expect(amounts.discountMinor == 35)
    }

    @Test func minorUnitsRoundTripExactly() {
        let price = Decimal(string: "12.34")!
        let minor = MinorUnits.from(price, currency: .usd)
        #expect(minor == 1234)
        #expect(MinorUnits.decimal(1234, currency: .usd) == price)
        #expect(MinorUnits.decimal(45000, currency: .krw) == 45000)
        #expect(MinorUnits.from(Decimal(string: "0.1")! + Decimal(string: "0.2")!, currency: .usd) == 30)
    }

    @Test func everyViolationIsReportedAtOnce() {
        let fields = Self.fields(name: "ab", description: "short", price: 0, discountedPrice: -5, stock: -1)
        #expect(Self.violatedFields(fields) == [.name, .description, .price, .discountedPrice, .stock])
    }

    @Test("Control characters are refused in a name", arguments: ["Camera\u{0007}", "Cam\nera", "Camera\t", "Cam\u{0000}era", "Camera\u{007F}"])
    func controlCharactersInNameAreRefused(name: String) {
        #expect(Self.violatedFields(Self.fields(name: name)) == [.name])
    }

    @Test func descriptionMayHaveLineBreaksButNotOtherControls() {
        #expect(Self.violatedFields(Self.fields(description: "First line.\nSecond line.\r\n\tIndented.")) == nil)
        #expect(Self.violatedFields(Self.fields(description: "Ring the bell \u{0007} twice.")) == [.description])
    }
}
