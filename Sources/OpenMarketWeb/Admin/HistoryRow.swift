import Foundation
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// One history entry as shown to staff.
struct HistoryRow: Sendable {
    struct Change: Sendable {
        var field: String
        /// The field as staff call it, in the console's language (`discounted_price` → 할인 금액).
        var label: String
        var old: String
        var new: String
        /// A change of photos shows their thumbnails in place of the values.
        var oldPhotos: [Photo]
        var newPhotos: [Photo]
        var hasPhotos: Bool

        init(field: String, label: String, old: String, new: String, oldPhotos: [Photo] = [], newPhotos: [Photo] = []) {
            self.field = field
            self.label = label
            self.old = old
            self.new = new
            self.oldPhotos = oldPhotos
            self.newPhotos = newPhotos
            hasPhotos = !oldPhotos.isEmpty || !newPhotos.isEmpty
        }
    }

    /// One thumbnail, with words for who cannot see it (or when the market no longer has the photo).
    struct Photo: Sendable {
        var url: String
        var alt: String
        /// The market no longer has it: its words are shown, no image is asked for.
        var isGone = false
    }

    var time: String
    var timeISO: String
    var actor: String
    var action: String
    var productName: String
    var productURL: String?
    var changes: [Change]
    var hasChanges: Bool
    var snapshot: [Change]
    var hasSnapshot: Bool
    var outcome: String
    var outcomeClass: String
    /// `nil` rather than empty: Mustache renders a section for an empty string.
    var detail: String?
    /// A successful delete: the restore button's address while its photos are kept, or why it cannot be restored.
    var restoreAction: String?
    var restoreLabel: String
    var restoreNote: String?
    /// The product a delete was restored as, or the deleted product a restore came from.
    var linkedURL: String?
    var linkedText: String?

    /// `kept`: where each delete's restore stands (`DeletedProducts.states`); a delete without an entry kept nothing.
    /// `gone`: photo addresses whose photos the market no longer has (`PhotoPresence`).
    /// `timeZone`: the market's (`--time-zone`), which every time of the console is written in.
    /// `restoreGivesNewID`: the market gives a restored product a new id (remote mode), and the restore says so.
    init(
        _ event: AuditLog.Event, language: Language, kept: [Int64: DeletedProducts.State] = [:], gone: Set<String> = [], now: Date = Date(),
        timeZone: TimeZone = AppConfiguration.defaultTimeZone, restoreGivesNewID: Bool = false
    ) {
        let a = language.adminStrings
        let format = Formatting(language: language)
        let style = Date.FormatStyle(date: .numeric, time: .standard, locale: Locale(identifier: language.strings[.locale]),
                                     calendar: Calendar(identifier: .gregorian), timeZone: timeZone)
        time = event.at.formatted(style)
        timeISO = event.at.formatted(.iso8601)
        actor = Self.actor(event.actor, a)
        action = switch event.action {
        case .create: a[.actionCreate]
        case .update: a[.actionUpdate]
        case .delete: a[.actionDelete]
        case .restore: a[.actionRestore]
        }
        productName = event.productName
        productURL = event.productID.map { SiteURL.admin(.product(.value($0))).link }
        let currencies = Self.currencies(event)
        changes = event.changes.map { change in
            if change.field == "question" {
                return Change(
                    field: change.field, label: FieldLabel.text(change.field, language), old: Self.questionState(change.old, language),
                    new: Self.questionState(change.new, language))
            }
            return Change(
                field: change.field, label: FieldLabel.text(change.field, language),
                old: Self.value(change.field, change.old, currency: currencies.old ?? change.currency.flatMap(Currency.init(rawValue:)), format),
                new: Self.value(change.field, change.new, currency: currencies.new ?? change.currency.flatMap(Currency.init(rawValue:)), format),
                oldPhotos: Self.photos(change.oldPhotos, alt: a.photoBefore, gone: gone, goneAlt: a.photoGone),
                newPhotos: Self.photos(change.newPhotos, alt: a.photoAfter, gone: gone, goneAlt: a.photoGone))
        }
        hasChanges = !changes.isEmpty
        // A deleted product's photos are shown while they are kept; after that, which photo it was.
        var photosKept = false
        if case .restorable? = kept[event.id] { photosKept = event.action == .delete }
        snapshot = (event.snapshot ?? []).map { change in
            let value = Self.value(change.field, change.new, currency: currencies.new ?? change.currency.flatMap(Currency.init(rawValue:)), format)
            let numbers = change.photoNumbers ?? []
            return Change(
                field: change.field, label: FieldLabel.text(change.field, language), old: "",
                new: numbers.isEmpty ? value : change.field == "images" ? a.photoCount(numbers.count) : a.photoNumber(numbers[0]),
                newPhotos: photosKept
                    ? numbers.map { Photo(url: SiteURL.admin(.keptPhoto(.value(Int(event.id)), number: .value($0))).link, alt: a.keptPhoto($0)) }
                    : [])
        }
        hasSnapshot = !(event.snapshot ?? []).isEmpty
        outcome = switch event.outcome {
        case .success: a[.outcomeSuccess]
        case .refused: a[.outcomeRefused]
        case .failed: a[.outcomeFailed]
        case .pending: a[.outcomePending]
        }
        outcomeClass = "outcome-\(event.outcome.rawValue)"
        detail = event.detail.isEmpty ? nil : AuditReason.text(event.detail, in: language)
        restoreLabel = a.restoreNamed(event.productName)
        if event.action == .delete && event.outcome == .success && event.productID != nil {
            switch kept[event.id] {
            case .restorable(let until)?:
                restoreAction = SiteURL.admin(.restore(.value(Int(event.id)))).link
                let day = Date.FormatStyle(date: .long, time: .omitted, locale: style.locale, calendar: style.calendar, timeZone: timeZone)
                restoreNote = a.restorableUntil(until.formatted(day)) + (restoreGivesNewID ? " " + a[.restoreGivesNewID] : "")
            case .restoring?:
                restoreNote = a[.restoring]
            case .restored(let id)?:
                linkedURL = SiteURL.admin(.product(.value(id))).link
                linkedText = id == event.productID ? a[.restoredSameID] : a.restoredAs(id)
            case nil:
                let expired = event.at.addingTimeInterval(DeletedProducts.retention) <= now
                restoreNote = expired ? a.restoreExpired(days: DeletedProducts.retentionDays) : a[.restoreNoPhotos]
            }
        }
        // Under the same id there is nothing to link: both entries are this product's.
        if event.action == .restore, event.outcome == .success, let old = event.relatedProductID, old != event.productID {
            linkedURL = SiteURL.admin(.product(.value(old))).link
            linkedText = a.restoredFrom(old)
        }
    }
}

extension HistoryRow {
    /// A question hidden by staff or shown again: the history keeps `#id shown` or `#id hidden`.
    static func questionState(_ stored: String?, _ language: Language) -> String {
        guard let stored else { return "—" }
        let parts = stored.split(separator: " ")
        guard parts.count == 2 else { return stored }
        let texts = language.questionTexts
        let state = parts[1] == "hidden" ? texts[.stateHidden] : parts[1] == "shown" ? texts[.stateShown] : String(parts[1])
        return "\(parts[0]) \(state)"
    }

    /// Thumbnails by the addresses the history kept: only our own paths and web addresses are shown as images.
    /// A photo the market no longer has is named by `goneAlt` instead.
    static func photos(_ urls: [String]?, alt: (Int) -> String, gone: Set<String> = [], goneAlt: ((Int) -> String)? = nil) -> [Photo] {
        (urls ?? []).enumerated().compactMap { offset, url in
            let shown = url.hasPrefix("/") && !url.hasPrefix("//") || url.hasPrefix("https://") || url.hasPrefix("http://")
            guard shown else { return nil }
            if gone.contains(url), let goneAlt { return Photo(url: url, alt: goneAlt(offset + 1), isGone: true) }
            return Photo(url: url, alt: alt(offset + 1))
        }
    }

    /// Who did it, in the page's language: the history keeps `admin` and `visitor <address>`.
    static func actor(_ stored: String, _ a: AdminStrings) -> String {
        if stored == "admin" { return a[.actorAdmin] }
        if stored.hasPrefix("visitor ") { return a.actorVisitor(String(stored.dropFirst("visitor ".count))) }
        return stored
    }

    /// The currency the amounts before and after were in: the entry's own currency change, else the product's
    /// as its snapshot or its changes recorded it; `nil` when the entry never says.
    static func currencies(_ event: AuditLog.Event) -> (old: Currency?, new: Currency?) {
        let all = event.changes + (event.snapshot ?? [])
        let change = all.first { $0.field == "currency" }
        let new = change?.new.flatMap(Currency.init(rawValue:))
        return (change?.old.flatMap(Currency.init(rawValue:)) ?? new, new)
    }

    /// Amounts as the storefront writes them (`35,000원`, `₩35,000`, `$12.50`); other values as recorded.
    static func value(_ field: String, _ stored: String?, currency: Currency?, _ format: Formatting) -> String {
        guard let stored else { return "—" }
        guard field == "price" || field == "discounted_price", let amount = ProductFormInput.amount(stored) else { return stored }
        if let currency { return format.price(amount, currency: currency) }
        return Int(exactly: NSDecimalNumber(decimal: amount).doubleValue).map(format.number) ?? stored
    }
}

extension HistoryRow: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "time": .text(time)
        case "timeISO": .text(timeISO)
        case "actor": .text(actor)
        case "action": .text(action)
        case "productName": .text(productName)
        case "productURL": .text(productURL)
        case "changes": .list(changes)
        case "hasChanges": .bool(hasChanges)
        case "snapshot": .list(snapshot)
        case "hasSnapshot": .bool(hasSnapshot)
        case "outcome": .text(outcome)
        case "outcomeClass": .text(outcomeClass)
        case "detail": .text(detail)
        case "restoreAction": .text(restoreAction)
        case "restoreLabel": .text(restoreLabel)
        case "restoreNote": .text(restoreNote)
        case "linkedURL": .text(linkedURL)
        case "linkedText": .text(linkedText)
        default: nil
        }
    }
}

extension HistoryRow.Change: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "field": .text(field)
        case "label": .text(label)
        case "old": .text(old)
        case "new": .text(new)
        case "oldPhotos": .list(oldPhotos)
        case "newPhotos": .list(newPhotos)
        case "hasPhotos": .bool(hasPhotos)
        default: nil
        }
    }
}

extension HistoryRow.Photo: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "url": .text(url)
        case "alt": .text(alt)
        case "isGone": .bool(isGone)
        default: nil
        }
    }
}
