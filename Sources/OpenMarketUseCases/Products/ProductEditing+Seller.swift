import Foundation
import OpenMarketCore
import OpenMarketPostgres
import OpenMarketWebState

extension ProductEditing {
    /// Whether `password` proves the seller of a product without changing it (to answer its questions): the
    /// product's own password, or for a product listed elsewhere (without one) this front end's vendor secret.
    /// Each check is a guess the throttle counts, as for an edit.
    package func provesSeller(productID: Int, password: String, client: String) async -> Result<Void, Refusal> {
        guard let vendor else { return .failure(.writesDisabled) }
        guard !password.isEmpty else { return .failure(.passwordMissing) }
        let own = GuessThrottle.Subject.product(productID)
        let check: ProductPasswordCheck
        switch await throttle.reserve(client: client, subject: own) {
        case .refused(let seconds): return .failure(.throttled(seconds: seconds))
        case .unavailable: return .failure(.market(.unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds)))
        case .guess(let guess):
            do {
                check = try await passwords.check(productID: productID, password: password)
            } catch {
                await guess.settle(.undecided)
                return .failure(Refusal(error))
            }
            switch check {
            case .wrong:
                await guess.settle(.wrong)
                return .failure(.passwordWrong)
            case .matches:
                await guess.settle(.right)
                return .success(())
            case .noPassword:
                await guess.settle(.undecided)
            }
        }
        // No password of its own: the guess is at the vendor's secret, compared by digest so that its length stays ours.
        switch await throttle.reserve(client: client, subject: .vendor(vendor.identifier)) {
        case .refused(let seconds): return .failure(.throttled(seconds: seconds))
        case .unavailable: return .failure(.market(.unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds)))
        case .guess(let guess):
            let right = Tokens.equal(AdminAccounts.digest(password), AdminAccounts.digest(vendor.secret))
            await guess.settle(right ? .right : .wrong)
            return right ? .success(()) : .failure(.passwordWrong)
        }
    }
}
