/// The admin console's texts, one catalogue per language.
struct AdminStrings: Sendable {
    let language: Language
    let consoleTitle: String
    let adminNavigation: String
    let loginTitle: String
    let passwordLabel: String
    let signIn: String
    let signOut: String
    let loginWrong: String
    let productsTitle: String
    let historyTitle: String
    let exportCSV: String
    let searchLabel: String
    let filterStock: String
    let filterAll: String
    let filterInStock: String
    let filterSoldOut: String
    let filterCurrency: String
    let apply: String
    let select: String
    let selectAll: String
    let filtersTitle: String
    let searchButton: String
    let viewSite: String
    let columnID: String
    let columnPhoto: String
    let columnName: String
    let columnVendor: String
    let columnPrice: String
    let columnDiscount: String
    let columnStock: String
    let columnDate: String
    let columnActions: String
    let view: String
    let storefront: String
    let edit: String
    let delete: String
    let bulkDelete: String
    let nothingSelected: String
    let confirmTitle: String
    let confirmButton: String
    let cancel: String
    let resultsTitle: String
    let outcomeSuccess: String
    let outcomeRefused: String
    let outcomeFailed: String
    let outcomePending: String
    let backToProducts: String
    let columnTime: String
    let columnActor: String
    let columnAction: String
    let columnProduct: String
    let columnChanges: String
    let columnOutcome: String
    let actionCreate: String
    let actionUpdate: String
    let actionDelete: String
    let actionRestore: String
    let restoreButton: String
    let historyEmpty: String
    let productHistory: String
    let lastState: String
    let allHistory: String
    let hostRefused: String
    let emptyTable: String
    let filterStatus: String
    let columnDeletedAt: String
    let columnRestoreWithin: String
    let deletedHeading: String
    let filterProductID: String
    let filterFrom: String
    let filterTo: String
    let newestEntries: String
    let newerEntries: String
    let olderEntries: String

    func tableCaption(total: String, from: String, to: String) -> String {
        language == .korean ? "상품 \(total)개 중 \(from)–\(to)" : "\(from)–\(to) of \(total) products"
    }

    func confirmIntro(_ count: Int, restorableDays days: Int) -> String {
        language == .korean
            ? "다음 \(count)개 상품을 삭제합니다. 상점에서 바로 사라지고, 관리자가 \(days)일 안에 사진과 함께 복원할 수 있습니다."
            : "These \(count) products will be deleted. They leave the shop at once; staff can restore them with their photos for \(days) days."
    }

    func loginWrong(thenWait seconds: Int) -> String {
        language == .korean
            ? "\(loginWrong) \(seconds)초 후에 다시 시도할 수 있습니다." : "\(loginWrong) You can try again in \(seconds) seconds."
    }

    func loginThrottled(seconds: Int) -> String {
        language == .korean
            ? "로그인에 여러 번 실패했습니다. \(seconds)초 후에 다시 시도해 주세요." : "Too many failed sign-ins. Try again in \(seconds) seconds."
    }

    static let korean = AdminStrings(
        language: .korean, consoleTitle: "관리자 콘솔", adminNavigation: "관리 메뉴", loginTitle: "관리자 로그인", passwordLabel: "관리자 비밀번호",
        signIn: "로그인", signOut: "로그아웃", loginWrong: "비밀번호가 맞지 않습니다.", productsTitle: "상품 관리",
        historyTitle: "변경 기록", exportCSV: "CSV로 내보내기", searchLabel: "상품 검색", filterStock: "재고", filterAll: "전체",
        filterInStock: "재고 있음", filterSoldOut: "품절", filterCurrency: "통화", apply: "적용", select: "선택", selectAll: "모두 선택",
        filtersTitle: "필터", searchButton: "검색", viewSite: "상점 보기", columnID: "ID",
        columnPhoto: "사진", columnName: "상품명", columnVendor: "판매자", columnPrice: "가격", columnDiscount: "할인",
        columnStock: "재고", columnDate: "등록일", columnActions: "관리", view: "상세", storefront: "상점에서 보기", edit: "수정",
        delete: "삭제", bulkDelete: "선택한 상품 삭제", nothingSelected: "삭제할 상품을 하나 이상 선택해 주세요.",
        confirmTitle: "상품 삭제 확인", confirmButton: "모두 삭제", cancel: "취소", resultsTitle: "삭제 결과",
        outcomeSuccess: "성공", outcomeRefused: "거부됨", outcomeFailed: "실패", outcomePending: "진행 중", backToProducts: "상품 관리로",
        columnTime: "시각", columnActor: "수행자", columnAction: "작업", columnProduct: "상품", columnChanges: "변경 내용",
        columnOutcome: "결과", actionCreate: "등록", actionUpdate: "수정", actionDelete: "삭제", actionRestore: "복원",
        restoreButton: "복원", historyEmpty: "기록이 없습니다.",
        productHistory: "이 상품의 변경 기록", lastState: "삭제 전 마지막 상태", allHistory: "전체 기록",
        hostRefused: "이 주소로는 관리자 콘솔을 열 수 없습니다.", emptyTable: "조건에 맞는 상품이 없습니다.", filterStatus: "상태", columnDeletedAt: "삭제일", columnRestoreWithin: "복원 기한", deletedHeading: "삭제됨", filterProductID: "상품 번호", filterFrom: "시작일", filterTo: "종료일", newestEntries: "최신 기록", newerEntries: "← 더 최근", olderEntries: "더 이전 →")

    static let english = AdminStrings(
        language: .english, consoleTitle: "Admin console", adminNavigation: "Admin", loginTitle: "Admin sign-in", passwordLabel: "Admin password",
        signIn: "Sign in", signOut: "Sign out", loginWrong: "That password is not right.", productsTitle: "Products",
        historyTitle: "History", exportCSV: "Export CSV", searchLabel: "Search products", filterStock: "Stock", filterAll: "All",
        filterInStock: "In stock", filterSoldOut: "Sold out", filterCurrency: "Currency", apply: "Apply", select: "Select",
        selectAll: "Select all", filtersTitle: "Filter", searchButton: "Search", viewSite: "View shop",
        columnID: "ID", columnPhoto: "Photo", columnName: "Name", columnVendor: "Seller", columnPrice: "Price",
        columnDiscount: "Discount", columnStock: "Stock", columnDate: "Listed", columnActions: "Actions", view: "Details",
        storefront: "View in shop", edit: "Edit", delete: "Delete", bulkDelete: "Delete selected",
        nothingSelected: "Select at least one product to delete.", confirmTitle: "Confirm deletion", confirmButton: "Delete all",
        cancel: "Cancel", resultsTitle: "Deletion results", outcomeSuccess: "Done", outcomeRefused: "Refused",
        outcomeFailed: "Failed", outcomePending: "In progress", backToProducts: "Back to products", columnTime: "Time", columnActor: "By",
        columnAction: "Action", columnProduct: "Product", columnChanges: "Changes", columnOutcome: "Outcome",
        actionCreate: "Created", actionUpdate: "Updated", actionDelete: "Deleted", actionRestore: "Restored",
        restoreButton: "Restore", historyEmpty: "No history yet.",
        productHistory: "History of this product", lastState: "Last state before deletion", allHistory: "All history",
        hostRefused: "The admin console cannot be opened at this address.", emptyTable: "No products match.", filterStatus: "Status", columnDeletedAt: "Deleted", columnRestoreWithin: "Restore within", deletedHeading: "Deleted", filterProductID: "Product id", filterFrom: "From", filterTo: "To", newestEntries: "Newest", newerEntries: "← Newer", olderEntries: "Older →")
}

extension Language {
    var adminStrings: AdminStrings { self == .korean ? .korean : .english }
}

extension AdminStrings {
    private var speaksKorean: Bool { language == .korean }

    func restorableUntil(_ date: String) -> String {
        speaksKorean ? "\(date)까지 사진과 함께 복원할 수 있습니다." : "Can be restored with its photos until \(date)."
    }

    /// A history thumbnail's words: shown in its place when the market no longer has the photo.
    func photoBefore(_ index: Int) -> String {
        speaksKorean ? "이전 사진 \(index)" : "Photo \(index) before"
    }

    func photoAfter(_ index: Int) -> String {
        speaksKorean ? "바뀐 사진 \(index)" : "Photo \(index) after"
    }

    /// A history photo the market no longer has (a later change removed it, or the product was deleted).
    func photoGone(_ index: Int) -> String {
        speaksKorean ? "지금은 없는 사진 \(index)" : "Photo \(index), no longer kept"
    }

    /// A deleted product's main photo, by its place among the product's photos.
    func photoNumber(_ number: Int) -> String {
        speaksKorean ? "\(number)번째 사진" : "photo \(number)"
    }

    func photoCount(_ count: Int) -> String {
        speaksKorean ? "\(count)장" : String(count)
    }

    /// The words of a deleted product's kept photo.
    func keptPhoto(_ number: Int) -> String {
        speaksKorean ? "삭제된 상품의 사진 \(number)" : "Photo \(number) of the deleted product"
    }

    var actorAdmin: String { speaksKorean ? "관리자" : "Staff" }

    func actorVisitor(_ address: String) -> String {
        speaksKorean ? "방문자 \(address)" : "Visitor \(address)"
    }

    /// The time column's header names the market's time zone once, so no row needs to.
    func columnTimeIn(_ zone: String) -> String {
        speaksKorean ? "시각 (\(zone))" : "Time (\(zone))"
    }

    var statusOnSale: String { speaksKorean ? "판매 중" : "On sale" }

    func statusDeleted(days: Int) -> String {
        speaksKorean ? "삭제됨 (\(days)일 안에 복원 가능)" : "Deleted (restorable for \(days) days)"
    }

    func daysLeftToRestore(_ days: Int) -> String {
        speaksKorean ? "\(days)일 남음" : (days == 1 ? "1 day left" : "\(days) days left")
    }

    func deletedMatches(_ count: String) -> String {
        speaksKorean ? "삭제된 상품 중 \(count)개도 검색어와 맞습니다 — 삭제됨에서 보기" : "\(count) deleted products match too — show them"
    }

    func noDeletedProducts(days: Int) -> String {
        speaksKorean ? "최근 \(days)일 안에 삭제해 복원할 수 있는 상품이 없습니다." : "No products deleted in the last \(days) days can be restored."
    }

    func deletedTableCaption(_ total: String, _ from: String, _ to: String) -> String {
        speaksKorean ? "복원할 수 있는 삭제된 상품 \(total)개 중 \(from)–\(to)" : "\(from)–\(to) of \(total) deleted products that can be restored"
    }

    /// The banner on a deleted product's console page while it can be restored.
    func deletedBanner(daysLeft: Int, until: String) -> String {
        speaksKorean
            ? "삭제됨 — \(daysLeft)일 안에 복원 가능 (\(until)까지)"
            : "Deleted — can be restored for \(daysLeft == 1 ? "1 more day" : "\(daysLeft) more days") (until \(until))"
    }

    var deletedNotRestorable: String {
        speaksKorean ? "삭제됨 — 복원할 수 없습니다." : "Deleted — it cannot be restored."
    }

    /// The product came back under its own id (the embedded markets).
    var restoredSameID: String {
        speaksKorean ? "복원됨 — 같은 상품 번호로" : "Restored under the same id"
    }

    func restoredAs(_ id: Int) -> String {
        speaksKorean ? "복원됨 → 새 상품 #\(id)" : "Restored as #\(id)"
    }

    func restoredFrom(_ id: Int) -> String {
        speaksKorean ? "복원됨 ← 삭제된 상품 #\(id)" : "Restored from deleted #\(id)"
    }

    /// Under the price or discount header while the table is sorted by it: each currency's amounts in order, one
    /// currency after the other, never mixed.
    var groupedByCurrency: String {
        speaksKorean ? "통화별로 묶어 정렬" : "grouped by currency"
    }

    var restoring: String {
        speaksKorean ? "복원하는 중입니다. 잠시 후 다시 확인해 주세요." : "Being restored. Check again in a moment."
    }

    func alreadyRestored(_ id: Int) -> String {
        speaksKorean ? "이미 복원한 상품입니다 (상품 #\(id)). 다시 복원하지 않았습니다." : "This product was already restored as #\(id); it was not restored again."
    }

    func restoreExpired(days: Int) -> String {
        speaksKorean
            ? "삭제한 상품의 사진은 \(days)일 동안 보관합니다. 그 기간이 지나 복원할 수 없습니다."
            : "Photos of deleted products are kept for \(days) days, which have passed; it cannot be restored."
    }

    var restoreNoPhotos: String {
        speaksKorean
            ? "삭제할 때 사진을 보관하지 못해 복원할 수 없습니다."
            : "Its photos could not be kept when it was deleted, so it cannot be restored."
    }

    var restoreSnapshotUnreadable: String {
        speaksKorean
            ? "삭제 전 기록이 지금 규칙에 맞지 않아 복원하지 않았습니다."
            : "Its last recorded state no longer meets the market's rules, so it was not restored."
    }

    func tooManySelected(_ limit: Int) -> String {
        speaksKorean ? "한 번에 \(limit)개까지 삭제할 수 있습니다. 선택을 줄여 주세요." : "At most \(limit) products can be deleted at once; select fewer."
    }
}
