import Foundation

/// The operations against a first-generation (v1) server. Its answers are `V1Item`s, its errors Vapor's
/// `{"error": true, "reason": "…"}`; `V1Listing` says how its pages are read.
///
/// Writes check the password first with a PATCH that carries only `password`, as v1 apps did: any refusal of that
/// request but "no such item" can only be about the password, so it is reported as `.unauthorized` whatever status
/// the server chose (the v1 status for a wrong password was never recorded), and callers count it as a wrong guess.
/// Its answer is the item as it is, which an update needs (the sale price) and a delete returns.
extension OpenMarketClient {
    func v1Products(_ query: ProductQuery) async throws(OpenMarketError) -> ProductPage? {
        guard query.search != nil else {
            let numbers = V1Listing.pages(for: query)
            return V1Listing.page(for: query, from: try await v1Pages(numbers), first: numbers.lowerBound)
        }
        var scanned: [ProductSummary] = []
        var complete = false
        var next = 1
        while !complete, next <= V1Listing.searchPages {
            let batch = next...min(next + V1Listing.concurrentPages - 1, V1Listing.searchPages)
            for page in try await v1Pages(batch) {
                scanned += page
                if page.count < V1Listing.pageSize {
                    complete = true
                    break
                }
            }
            next = batch.upperBound + 1
        }
        return V1Listing.searchPage(for: query, scanned: scanned, complete: complete)
    }

    /// The items of v1 pages, read at once, in page order; the first failure is thrown.
    private func v1Pages(_ numbers: ClosedRange<Int>) async throws(OpenMarketError) -> [[ProductSummary]] {
        let results = await withTaskGroup(of: (Int, Result<[ProductSummary], OpenMarketError>).self) { group in
            for number in numbers {
                group.addTask { (number, await self.v1Page(number)) }
            }
            var results: [Int: Result<[ProductSummary], OpenMarketError>] = [:]
            for await (number, result) in group { results[number] = result }
            return results
        }
        var pages: [[ProductSummary]] = []
        for number in numbers {
            guard let result = results[number] else { throw .undecodableResponse("Page \(number) was not read.") }
            pages.append(try result.get())
        }
        return pages
    }

    private func v1Page(_ number: Int) async -> Result<[ProductSummary], OpenMarketError> {
        do throws(OpenMarketError) {
            let response = try await send(requests.items(page: number))
            var summaries: [ProductSummary] = []
            for item in try v1Decode(V1ItemPage.self, from: response).items {
                summaries.append(try ProductSummary(v1: item))
            }
            return .success(summaries)
        } catch {
            return .failure(error)
        }
    }

    func v1UpdateProduct(id: Int, changes: ProductChanges, password: String) async throws(OpenMarketError) -> ProductDetail {
        let current = try await v1CheckPassword(id: id, password: password)
        guard !changes.isEmpty else { return current }
        let request = try requests.updateItem(id: id, changes: changes, current: current, password: password, boundary: Self.boundary())
        return try v1Detail(from: try await send(request))
    }

    func v1DeleteProduct(id: Int, password: String) async throws(OpenMarketError) -> ProductDetail {
        let current = try await v1CheckPassword(id: id, password: password)
        let response = try await send(requests.deleteItem(id: id, password: password))
        guard (200..<300).contains(response.status) else { throw Self.v1Error(for: response) }
        // The deleted item; the first v1 server answered only `{"id"}`, and then the item as read just before stands in.
        guard let item = try? JSONDecoder().decode(V1Item.self, from: response.body), let deleted = try? ProductDetail(v1: item) else {
            return current
        }
        return deleted
    }

    private func v1CheckPassword(id: Int, password: String) async throws(OpenMarketError) -> ProductDetail {
        let response = try await send(try requests.checkItemPassword(id: id, password: password, boundary: Self.boundary()))
        if [400, 401, 403].contains(response.status) {
            throw .unauthorized(Self.v1Reason(response) ?? "The password is not this item's.")
        }
        return try v1Detail(from: response)
    }

    func v1Detail(from response: RawResponse) throws(OpenMarketError) -> ProductDetail {
        try ProductDetail(v1: try v1Decode(V1Item.self, from: response))
    }

    private func v1Decode<Value: Decodable>(_ type: Value.Type, from response: RawResponse) throws(OpenMarketError) -> Value {
        guard (200..<300).contains(response.status) else { throw Self.v1Error(for: response) }
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw .undecodableResponse("\(Value.self): \(error)")
        }
    }

    /// A v1 server's non-2xx answer as our error, with its `reason` where it sent one. v1 has no vendors, so a
    /// refusal of authority (401 or 403) is always about the item's password.
    static func v1Error(for response: RawResponse) -> OpenMarketError {
        let message = v1Reason(response) ?? "The market server answered with status \(response.status)."
        switch response.status {
        case 400: return .malformed(message)
        case 401, 403: return .unauthorized(message)
        case 404: return .notFound(message)
        case 413: return .tooLarge(message)
        case 415: return .unsupportedMedia(message)
        case 422: return .invalid([OpenMarketError.Violation(field: nil, message: message)])
        case 507: return .storageFull
        default: return .upstreamStatus(response.status, bodyExcerpt: String(decoding: response.body.prefix(300), as: UTF8.self))
        }
    }

    private static func v1Reason(_ response: RawResponse) -> String? {
        (try? JSONDecoder().decode(V1ErrorBody.self, from: response.body)).map { String($0.reason.prefix(300)) }
    }
}
