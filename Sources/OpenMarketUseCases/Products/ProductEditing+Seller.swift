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
        switch await checkOwnPassword(productID: productID, password: password, client: client) {
        case .failure(let refusal): return .failure(refusal)
        case .success(.matches): return .success(())
        case .success: break
        }
        // No password of its own: the guess is at the vendor's secret, compared by digest so that its length stays ours.
        switch await reserveGuess(client: client, subject: .vendor(vendor.identifier)) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let guess):
            let right = Tokens.equal(AdminAccounts.digest(password), AdminAccounts.digest(vendor.secret))
            await guess.settle(right ? .right : .wrong)
            return right ? .success(()) : .failure(.passwordWrong)
        }
    }

    /// The product's own password, checked as one guess reserved before it: `.matches`, or `.noPassword` (the guess
    /// released: nothing was guessed at it), else why not (throttled, wrong, the store failing).
    func checkOwnPassword(productID: Int, password: String, client: String) async -> Result<ProductPasswordCheck, Refusal> {
        let guess: GuessThrottle.Guess
        switch await reserveGuess(client: client, subject: .product(productID)) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let reserved): guess = reserved
        }
        let check: ProductPasswordCheck
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
        case .noPassword:
            await guess.settle(.undecided)
        }
        return .success(check)
    }

    /// A guess at `subject` reserved in the throttle, or the refusal when it has none to give.
    func reserveGuess(client: String, subject: GuessThrottle.Subject) async -> Result<GuessThrottle.Guess, Refusal> {
        switch await throttle.reserve(client: client, subject: subject) {
        case .refused(let seconds): .failure(.throttled(seconds: seconds))
        case .unavailable: .failure(.market(.unavailable(retryAfterSeconds: PostgresPool.retryAfterSeconds)))
        case .guess(let reserved): .success(reserved)
        }
    }
}
