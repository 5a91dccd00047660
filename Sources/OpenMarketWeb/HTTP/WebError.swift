import HTTPTypes

/// Refusals of the web layer itself (not of the market), rendered by the error middleware.
enum WebError: Error, Sendable {
    /// The form's CSRF token is missing or does not match the visitor's cookie.
    case csrfRejected
    /// The browser says the form was posted from another site.
    case crossSiteRequest
    /// Too many wrong passwords for one product from one client; retry after this many seconds.
    case tooManyAttempts(seconds: Int)
    /// This front end has no vendor credentials, so it cannot write to the market.
    case writesDisabled
    /// The form could not be read (a field twice, bad encoding).
    case badForm(String)
    /// The admin console was asked for under a host name it does not answer to.
    case hostNotAllowed
    /// An API address was asked with a method it does not take; these are the ones it takes.
    case methodNotAllowed(allowed: [HTTPRequest.Method])
}
