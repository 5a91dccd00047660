import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTexts
import OpenMarketUseCases
import OpenMarketWebState

/// The products table, bulk delete and CSV export.
struct AdminProductsController: Sendable {
    typealias Context = AppRequestContext

    let admin: any AdminMarket
    let market: any OpenMarketAPI
    let editing: ProductEditing
    let deleted: DeletedProducts
    let renderer: PageRenderer
    let bodyDeadline: Duration
    /// The market's, which the table's days are written in.
    let timeZone: TimeZone
    /// The market gives a restored product a new id (remote mode): the deleted products' table says so.
    let restoreGivesNewID: Bool

    func addRoutes(to console: RouterGroup<Context>) {
        console.get(.admin(.products()), use: index)
        console.post(.admin(.confirmDelete), use: confirmDelete)
        console.post(.admin(.delete), use: delete)
        console.get(.admin(.export()), use: export)
    }

    @Sendable func index(_ request: Request, context: Context) async throws -> Response {
        try await table(request, context, query: AdminTableQuery(parameters: FormQuery(request)))
    }

    /// Lists every selected product on one page before anything is deleted.
    @Sendable func confirmDelete(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline, repeatable: ["ids"])
        let ids = Self.ids(form)
        guard !ids.isEmpty, ids.count <= WebLimits.maxBulkProducts else {
            let a = context.visitor.language.adminStrings
            return try await table(
                request, context, query: AdminTableQuery(), notice: ids.isEmpty ? a[.nothingSelected] : a.tooManySelected(WebLimits.maxBulkProducts),
                status: .unprocessableContent)
        }
        var products: [ProductDetail] = []
        for id in ids {
            if let product = try? await market.product(id: id) { products.append(product) }
        }
        let pageContext = PageContext(title: context.visitor.language.adminStrings[.confirmTitle], request: request, visitor: context.visitor)
        return try renderer.response(AdminDeleteConfirmPage(context: pageContext, products: products))
    }

    /// Deletes each product in turn and reports every outcome, refusals included.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline, repeatable: ["ids"])
        let a = context.visitor.language.adminStrings
        var results: [AdminDeleteResultPage.Result] = []
        let ids = Self.ids(form)
        guard ids.count <= WebLimits.maxBulkProducts else {
            return try await table(request, context, query: AdminTableQuery(), notice: a.tooManySelected(WebLimits.maxBulkProducts), status: .unprocessableContent)
        }
        for id in ids {
            let name = (try? await market.product(id: id))?.name ?? "#\(id)"
            switch await editing.delete(productID: id, by: .admin) {
            case .success(let deleted):
                results.append(.init(id: id, name: deleted.name, outcome: a[.outcomeSuccess], outcomeClass: "outcome-success", message: nil))
            case .failure(let refusal):
                let failed = refusal.isOurFailure
                results.append(.init(
                    id: id, name: name, outcome: failed ? a[.outcomeFailed] : a[.outcomeRefused],
                    outcomeClass: failed ? "outcome-failed" : "outcome-refused", message: AuditReason(refusal).words(context.visitor.language)))
            }
        }
        context.logger.info("Admin bulk delete", metadata: ["count": "\(results.count)"])
        let pageContext = PageContext(title: a[.resultsTitle], request: request, visitor: context.visitor)
        return try renderer.response(AdminDeleteResultPage(context: pageContext, results: results))
    }

    /// Every product the current search and filters select, across all pages, written as it is read.
    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        let listing = AdminTableQuery(parameters: FormQuery(request)).listing
        let admin = self.admin
        let logger = context.logger
        let body = ResponseBody { writer in
            var buffer = ByteBuffer(bytes: CSVWriter.byteOrderMark)
            buffer.writeString(CSVWriter.line(CSVWriter.header))
            try await writer.write(buffer)
            // By cursor, never by offset: every batch costs the same however deep the export is. The next batch is
            // read while this one is written, so the database and the writing each have a core; never more than
            // two batches are held.
            var pending: Task<(products: [ProductSummary], next: AdminExportCursor?), any Error>? = Task {
                try await admin.exportBatch(listing, after: nil, limit: CSVWriter.batchSize)
            }
            defer { pending?.cancel() }
            var rows = 0
            while let reading = pending {
                let batch = try await reading.value
                pending = batch.next.map { cursor in Task { try await admin.exportBatch(listing, after: cursor, limit: CSVWriter.batchSize) } }
                var chunk = ByteBufferAllocator().buffer(capacity: batch.products.count * 256)
                for product in batch.products {
                    CSVWriter.write(product, into: &chunk)
                }
                if !batch.products.isEmpty { try await writer.write(chunk) }
                rows += batch.products.count
            }
            logger.info("Exported products", metadata: ["rows": "\(rows)"])
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"openmarket-products.csv\"",
                .cacheControl: "no-store",
            ],
            body: body)
    }

    private func table(
        _ request: Request, _ context: Context, query: AdminTableQuery, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let pageContext = PageContext(title: context.visitor.language.adminStrings[.productsTitle], request: request, visitor: context.visitor)
        let offset = (query.page - 1) * AdminTableQuery.perPage
        if query.showsDeleted {
            let found = try await deleted.restorable(search: query.listing.search, limit: AdminTableQuery.perPage, offset: offset)
            let model = AdminProductsPage(
                context: pageContext, query: query, total: found.total, deleted: found.products, notice: notice, timeZone: timeZone,
                restoreGivesNewID: restoreGivesNewID)
            return try renderer.response(model, status: status)
        }
        let page = try await admin.listing(query.listing, limit: AdminTableQuery.perPage, offset: offset)
        // A search also says how many deleted products it matches: staff looking for one find it from here.
        let deletedMatches = query.listing.search == nil ? 0 : try await deleted.restorable(search: query.listing.search, limit: 0, offset: 0).total
        let model = AdminProductsPage(
            context: pageContext, query: query, total: page.total, products: page.products, deletedMatches: deletedMatches, notice: notice,
            timeZone: timeZone)
        return try renderer.response(model, status: status)
    }

    private static func ids(_ form: SubmittedForm) -> [Int] {
        var seen = Set<Int>()
        return form.values("ids").compactMap(Int.init).filter { $0 > 0 && seen.insert($0).inserted }
    }
}

