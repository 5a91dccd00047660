import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketStore

extension ProductEditorController {
    enum PasswordCheck {
        case granted(ProductPasswords.Authority)
        case refused(String, HTTPResponse.Status)
    }

    /// The throttle first (a blocked client's guess is not even checked), then the product's own password.
    func checkPassword(_ password: String, productID: Int, context: Context) async throws -> PasswordCheck {
        let strings = context.visitor.strings
        let key = throttleKey(productID, context)
        if let wait = await throttle.waitSeconds(for: key) {
            return .refused(strings.errTooManyAttempts(seconds: wait), .tooManyRequests)
        }
        if password.isEmpty { return .refused(strings.errPasswordRequired, .unprocessableContent) }
        guard let authority = try await passwords.authority(productID: productID, password: password) else {
            await throttle.recordFailure(for: key)
            context.logger.notice("Wrong product password", metadata: ["product": "\(productID)", "client": "\(context.clientKey)"])
            return .refused(strings.errPasswordWrong, .forbidden)
        }
        return .granted(authority)
    }

    /// Storefront visitors have no account: history names them by address.
    static func actor(_ context: Context) -> String {
        "visitor \(context.clientKey)"
    }

    func throttleKey(_ productID: Int, _ context: Context) -> PasswordThrottle.Key {
        PasswordThrottle.Key(client: context.clientKey, subject: "product-\(productID)")
    }

    static func passwordProblem(_ password: String, _ strings: Strings) -> String? {
        if password.isEmpty { return strings.errPasswordRequired }
        if password.count < ProductFormPage.passwordLength.lowerBound || SecretHasher.problem(with: password) != nil {
            return strings.errPasswordLength
        }
        return nil
    }

    /// A market refusal that belongs next to a form field, with the status the page answers.
    static func fieldError(for error: OpenMarketError, _ strings: Strings) -> (FormField, String, HTTPResponse.Status)? {
        switch error {
        case .invalid(let violations):
            let first = violations.first
            return (FormField(first?.field) ?? .name, strings.errMarketRefused(violations.map(\.message).joined(separator: " ")), .unprocessableContent)
        case .tooLarge(let message):
            return (.images, strings.errMarketRefused(message), .contentTooLarge)
        case .unsupportedMedia(let message):
            return (.images, strings.errMarketRefused(message), .unsupportedMediaType)
        case .forbidden:
            return (.password, strings.errOtherVendor, .forbidden)
        default:
            return nil
        }
    }

    func formResponse(
        _ request: Request, _ context: Context, values: ProductFormInput, product: ProductDetail?, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let strings = context.visitor.strings
        let layout = PageLayout(title: product == nil ? strings.newTitle : strings.editTitle, request: request, visitor: context.visitor)
        let page = ProductFormPage(
            layout: layout, language: context.visitor.language, values: values, product: product, errors: errors, notice: notice,
            writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }

    func deleteResponse(
        _ request: Request, _ context: Context, product: ProductDetail, error: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let layout = PageLayout(title: context.visitor.strings.deleteTitle, request: request, visitor: context.visitor)
        let page = ProductDeletePage(layout: layout, language: context.visitor.language, product: product, error: error, writesDisabled: writesDisabled)
        return try renderer.response(page, status: status)
    }
}

extension ProductPasswords.Authority {
    var credentials: VendorCredentials {
        switch self {
        case .frontEnd(let credentials), .vendorSecret(let credentials): credentials
        }
    }

    var isVendorSecret: Bool {
        if case .vendorSecret = self { return true }
        return false
    }
}
