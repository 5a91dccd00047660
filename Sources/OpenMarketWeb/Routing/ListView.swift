/// How the product list is shown; remembered in a cookie.
public enum ListView: String, Sendable {
    case grid, list

    static let cookieName = "view"
}
