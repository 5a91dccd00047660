import Foundation

/// Makes varied products from `FillCatalog`, deterministic for a seed: names and descriptions in Korean or
/// English, won (70 %) or dollars, one in ten sold out, three in ten discounted, one to three images.
package struct FillGenerator {
    package struct Product: Sendable {
        package var name: String
        package var description: String
        package var currency: String
        package var priceMinor: Int64
        package var discountMinor: Int64
        package var stock: Int
        package var images: [Int]
    }

    /// SplitMix64: small, fast and good enough to vary test data.
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    package mutating func product() -> Product {
        let korean = below(2) == 0
        let name: String
        var description: String
        if korean {
            name = "\(pick(FillCatalog.koreanAdjectives)) \(pick(FillCatalog.koreanItems)) \(below(900) + 100)"
            description = "\(pick(FillCatalog.koreanAdjectives)) \(pick(FillCatalog.koreanItems)) 팝니다. \(pick(FillCatalog.koreanPhrases))"
        } else {
            name = "\(pick(FillCatalog.englishAdjectives)) \(pick(FillCatalog.englishItems)) No. \(below(900) + 100)"
            description = "\(pick(FillCatalog.englishAdjectives)) \(pick(FillCatalog.englishItems).lowercased()) for sale. \(pick(FillCatalog.englishPhrases))"
        }
        if below(3) == 0 { description += " " + (korean ? pick(FillCatalog.koreanPhrases) : pick(FillCatalog.englishPhrases)) }
        let dollars = below(10) < 3
        // Won in whole thousands up to 2,000,000; dollars in cents up to 2,000.00.
        let priceMinor = dollars ? Int64(below(200_000) + 100) : Int64(below(2_000) + 1) * 1_000
        let discountMinor = below(10) < 3 ? priceMinor * Int64(below(10) + 1) / 20 : 0
        let stock = below(10) == 0 ? 0 : below(20) + 1
        let images = (0...below(3)).map { _ in below(FillCatalog.images.count) }
        return Product(
            name: name, description: description, currency: dollars ? "USD" : "KRW", priceMinor: priceMinor,
            discountMinor: discountMinor, stock: stock, images: images)
    }
}
