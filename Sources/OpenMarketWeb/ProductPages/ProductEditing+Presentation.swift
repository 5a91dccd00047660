import Hummingbird
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
import OpenMarketStore
import OpenMarketTexts
import OpenMarketUseCases

extension ProductEditing.Refusal {
    /// How a form shows the refusal: the messages by field in the page's language and the status the page
    /// answers; `nil` when it is not the form's to show (no such product, the market down), for the error page.
    func formErrors(_ strings: Strings) -> (errors: FieldErrors, status: HTTPResponse.Status)? {
        var errors = FieldErrors()
        let status: HTTPResponse.Status
        switch self {
        case .passwordMissing:
            (errors[.password], status) = (strings[.errPasswordRequired], .unprocessableContent)
        case .passwordWrong:
            (errors[.password], status) = (strings[.errPasswordWrong], .forbidden)
        case .throttled(let seconds):
            (errors[.password], status) = (strings.errTooManyAttempts(seconds: seconds), .tooManyRequests)
        case .storageFull:
            (errors[.form], status) = (strings[.errStorageFull], .insufficientStorage)
        case .market(.invalid(let violations)):
            for violation in violations { errors.add(strings.message(for: violation), for: FormField(violation.field) ?? .form) }
            status = .unprocessableContent
        case .market(.tooLarge):
            (errors[.images], status) = (strings[.errMarketPhotoTooLarge], .contentTooLarge)
        case .market(.unsupportedMedia):
            (errors[.images], status) = (strings[.errMarketPhotoUnreadable], .unsupportedMediaType)
        case .market(.forbidden):
            (errors[.password], status) = (strings[.errOtherVendor], .forbidden)
        case .changedMeanwhile:
            (errors[.form], status) = (strings[.conflictTitle], .conflict)
        case .writesDisabled, .market:
            return nil
        }
        return (errors, status)
    }

    /// What the error page should show instead.
    var pageError: any Error {
        switch self {
        case .writesDisabled: WebError.writesDisabled
        case .throttled(let seconds): WebError.tooManyAttempts(seconds: seconds)
        case .market(let error): error
        default: OpenMarketError.storeFailure(String(describing: self))
        }
    }
}

extension FieldErrors {
    /// The photos a form sent, checked by the core's `ImageRules` and said with the file's own name.
    static func photos(_ files: [SubmittedForm.File], _ strings: Strings) -> (errors: FieldErrors, status: HTTPResponse.Status)? {
        let images = files.map { ImageUpload(filename: $0.filename, contentType: $0.contentType, data: $0.data) }
        guard case .failure(let problem) = ImageRules.check(images) else { return nil }
        var errors = FieldErrors()
        let status: HTTPResponse.Status
        switch problem {
        case .count(let count):
            (errors[.images], status) = (strings.errImageCount(count), .unprocessableContent)
        case .tooManyBytes(let position, let bytes):
            (errors[.images], status) = (strings.errImageTooLarge(name: files[position - 1].filename, size: strings.kilobytes(bytes)), .contentTooLarge)
        case .notAnImage(let position):
            (errors[.images], status) = (strings.errImageType(name: files[position - 1].filename), .unsupportedMediaType)
        case .tooManyPixels(let position, let width, let height):
            (errors[.images], status) = (strings.message(for: .imagePixels(position: position, width: width, height: height)), .unprocessableContent)
        case .severalImages(let position, let count):
            (errors[.images], status) = (strings.message(for: .imagesInOnePart(position: position, count: count)), .unprocessableContent)
        }
        return (errors, status)
    }

    /// Photos the upload form could not take, in the page's language.
    static func photos(_ refusal: FormUploads.PhotoRefusal, _ strings: Strings) -> (errors: FieldErrors, status: HTTPResponse.Status) {
        var errors = FieldErrors()
        let status: HTTPResponse.Status
        switch refusal {
        case .tooManyBytes(let name, let bytes):
            (errors[.images], status) = (strings.errPhotoTooLarge(name: name, size: strings.kilobytes(bytes)), .contentTooLarge)
        case .notAnImage(let name):
            (errors[.images], status) = (strings.errImageType(name: name), .unsupportedMediaType)
        case .tooManyPixels(let position, let width, let height):
            (errors[.images], status) = (strings.message(for: .imagePixels(position: position, width: width, height: height)), .unprocessableContent)
        case .notShrunk(let name):
            (errors[.images], status) = (strings.errPhotoNotShrunk(name: name), .unprocessableContent)
        case .notProcessed(let name):
            (errors[.images], status) = (strings.errPhotoNotProcessed(name: name), .internalServerError)
        }
        return (errors, status)
    }

    /// A product password's problem, if any: required, long enough, and nothing bcrypt would cut off.
    static func password(_ password: String, _ strings: Strings) -> String? {
        if password.isEmpty { return strings[.errPasswordRequired] }
        if password.count < WebLimits.productPasswordLength.lowerBound || SecretHasher.problem(with: password) != nil {
            return strings[.errPasswordLength]
        }
        return nil
    }
}
