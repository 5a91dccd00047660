import Foundation

/// The material the fill command makes products from: Korean and English words, and a few tiny real images
/// that many products share (each product still has its own image rows, keys and URLs).
package enum FillCatalog {
    static let koreanItems = [
        "의자", "책상", "식탁", "카메라", "자전거", "노트북", "모니터", "냉장고", "소파", "침대", "램프", "가방", "신발", "시계",
        "선풍기", "청소기", "유모차", "텐트", "기타", "전기밥솥", "커피머신", "책장", "옷장", "키보드", "마우스", "스피커",
    ]
    static let koreanAdjectives = ["원목", "중고", "새상품", "빈티지", "튼튼한", "가벼운", "깨끗한", "미개봉", "작은", "큰", "접이식", "무선"]
    static let koreanPhrases = [
        "직거래 우선입니다.", "택배 가능합니다.", "사용감 거의 없어요.", "생활 기스 조금 있습니다.", "이사 때문에 급하게 팝니다.",
        "네고 가능합니다.", "상태 아주 좋아요.", "구매한 지 일 년 되었습니다.", "박스 포함입니다.", "주말에만 거래 가능해요.",
    ]
    static let englishItems = [
        "Chair", "Desk", "Dining Table", "Film Camera", "Bicycle", "Laptop", "Monitor", "Fridge", "Sofa", "Bed Frame", "Lamp",
        "Backpack", "Sneakers", "Watch", "Fan", "Vacuum", "Stroller", "Tent", "Guitar", "Rice Cooker", "Espresso Machine",
        "Bookshelf", "Wardrobe", "Keyboard", "Mouse", "Speaker",
    ]
    static let englishAdjectives = ["Vintage", "Wooden", "Used", "Brand-new", "Sturdy", "Light", "Clean", "Sealed", "Small", "Large", "Folding", "Wireless"]
    static let englishPhrases = [
        "Pickup preferred.", "Can ship by courier.", "Barely used.", "A few light scratches.", "Moving out, must sell.",
        "Price negotiable.", "In great condition.", "Bought a year ago.", "Original box included.", "Weekend pickup only.",
    ]

    /// 1×1 PNG images of four colours and a 1×1 GIF, as hex: real images by their bytes, 43–69 bytes each.
    package static let images: [(bytes: Data, mediaType: String, fileExtension: String)] = {
        let pngs = [
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63781660030003920173419f78780000000049454e44ae426082",
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63b0e9b9030002ac01a5a36941460000000049454e44ae426082",
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c6388da12050002d401696607a4e80000000049454e44ae426082",
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f870c2060004a001f50f54adad0000000049454e44ae426082",
        ]
        let gif = "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"
        return pngs.map { (data(hex: $0), "image/png", "png") } + [(data(hex: gif), "image/gif", "gif")]
    }()

    private static func data(hex: String) -> Data {
        var bytes: [UInt8] = []
        var high: UInt8?
        for scalar in hex.unicodeScalars {
            guard let nibble = UInt8(String(scalar), radix: 16) else { continue }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return Data(bytes)
    }
}
