#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import OpenMarketTemplating
import OpenMarketWebState

/// A page whose whole HTML can be kept between requests: it shows its kept content (one object, shared by every
/// visitor who sees the same content) inside its layout, and nothing else. The only part of one visitor in it is
/// the CSRF token the layout writes for a form of the content (`PageLayout.tokenForForms`).
protocol WholePageKeeping: PageModel {
    var context: PageContext { get set }
    /// The kept content's object. Its identity stands for the content in the key: the kept page holds the object,
    /// so no other object can take its address while the page is kept.
    var keptObject: any AnyObject & Sendable { get }
    /// False when this page also shows something of the visitor's beyond the token; it is then rendered afresh.
    var keepsWhole: Bool { get }
}

extension WholePageKeeping {
    var keepsWhole: Bool { true }
}

/// Whole pages rendered once per content and layout. Each visitor gets a copy with their own CSRF token written
/// where the page was rendered with a stand-in token.
///
/// The stand-in is 64 random hex digits made at start-up, as long as a real token and escaped the same (hex
/// needs no escaping), and never shown to anyone: its places in the render are exactly the token's places,
/// whatever the page's text holds. The key is everything else the page is made from: its template, its content
/// object and its layout with the token left out (`PageLayout` holds every value the layout reads but the texts,
/// which its language decides). A page is kept only for as long as its content object is, since the object is
/// part of the key; kept pages are bounded in number and bytes, and forgotten all at once past either bound.
final class KeptPages: Sendable {
    struct Key: Hashable, Sendable {
        let template: String
        let content: ObjectIdentifier
        let layout: PageLayout
    }

    /// One page, rendered with the stand-in token.
    struct Page: Sendable {
        /// Holds the content object, so that its identity in the key stays its own.
        let content: any AnyObject & Sendable
        let bytes: [UInt8]
        /// Where the stand-in token was written.
        let tokenOffsets: [Int]
        /// The digest of every byte but the token's, so that a page's tag is the same on every instance.
        let digest: UInt64
    }

    let standIn = Tokens.random()
    private let pages: BoundedCache<Key, Page>

    init(capacity: Int = 512, maximumBytes: Int = 16 * 1024 * 1024) {
        pages = BoundedCache(capacity: capacity, maximumBytes: maximumBytes, secondAskWhenBusy: true)
    }

    subscript(key: Key) -> Page? {
        pages.value(for: key)
    }

    /// Whether a page not found is worth keeping (see `BoundedCache.admits`); else it is rendered for its visitor.
    func admits(_ key: Key) -> Bool {
        pages.admits(key)
    }

    /// Keeps the page rendered with the stand-in token under `key`, and returns it.
    func keep(_ body: ByteBuffer, content: any AnyObject & Sendable, under key: Key) -> Page {
        let bytes = Array(body.readableBytesView)
        var offsets: [Int] = []
        var rest: [UInt8] = []
        rest.reserveCapacity(bytes.count)
        // The token's places found with memchr and memcmp, the bytes between them copied in runs: a pass at memory speed.
        bytes.withUnsafeBytes { page in
            Array(standIn.utf8).withUnsafeBytes { token in
                guard let first = page.baseAddress, let needle = token.baseAddress, !token.isEmpty else {
                    rest.append(contentsOf: page)
                    return
                }
                var start = 0
                var from = 0
                let lead = Int32(token[0])
                while from + token.count <= page.count, let found = memchr(first + from, lead, page.count - token.count + 1 - from) {
                    let offset = first.distance(to: UnsafeRawPointer(found))
                    guard memcmp(first + offset, needle, token.count) == 0 else {
                        from = offset + 1
                        continue
                    }
                    rest.append(contentsOf: page[start..<offset])
                    offsets.append(offset)
                    start = offset + token.count
                    from = start
                }
                if start < page.count { rest.append(contentsOf: page[start...]) }
            }
        }
        let digest = rest.withUnsafeBytes { ByteDigest.hash($0) }
        let page = Page(content: content, bytes: bytes, tokenOffsets: offsets, digest: digest)
        pages.keep(page, bytes: bytes.count, for: key)
        return page
    }

    /// How many pages are kept (for tests).
    var count: Int { pages.count }
}
