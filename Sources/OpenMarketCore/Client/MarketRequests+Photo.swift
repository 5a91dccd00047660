import Foundation

extension MarketRequests {
    /// The request for a photo a product of this server names, by its URL (absolute, or relative to the server);
    /// `nil` for a photo on any other origin, which this client never fetches: a market could name any address,
    /// one inside our own network included.
    public func photo(url text: String) -> MarketRequest? {
        guard let url = URL(string: text, relativeTo: baseURL)?.absoluteURL, Self.origin(of: url) == Self.origin(of: baseURL),
            url.user == nil, url.password == nil
        else { return nil }
        return MarketRequest(method: .get, url: url)
    }

    /// Scheme, host and port, with the scheme's default port spelled out.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}
