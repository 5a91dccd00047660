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
        pages = BoundedCache(capacity: capacity, maximumBytes: maximumBytes)
    }

    subscript(key: Key) -> Page? {
        pages.value(for: key)
    }

    /// Keeps the page rendered with the stand-in token under `key`, and returns it.
    func keep(_ body: ByteBuffer, content: any AnyObject & Sendable, under key: Key) -> Page {
        let bytes = Array(body.readableBytesView)
        let token = Array(standIn.utf8)
        var offsets: [Int] = []
        var rest: [UInt8] = []
        rest.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == token[0], index + token.count <= bytes.count, bytes[index..<index + token.count].elementsEqual(token) {
                offsets.append(index)
                index += token.count
            } else {
                rest.append(bytes[index])
                index += 1
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
