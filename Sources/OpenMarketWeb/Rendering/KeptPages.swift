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
    /// The kept content's HTML, which the kept page holds rather than a copy of its bytes.
    var keptFragment: RenderedFragment? { get }
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

    /// One page, rendered with the stand-in token: its own bytes before and after its content's kept fragment, and
    /// the fragment itself, held (not copied) as the content holds it; a page without one is all `head`.
    struct Page: Sendable {
        /// Holds the content object, so that its identity in the key stays its own.
        let content: any AnyObject & Sendable
        let head: [UInt8]
        let fragment: RenderedFragment?
        let tail: [UInt8]
        /// Where the stand-in token was written, counted in the whole page.
        let tokenOffsets: [Int]
        /// The digest of every byte but the token's, so that a page's tag is the same on every instance.
        let digest: UInt64

        var byteCount: Int { head.count + (fragment?.byteCount ?? 0) + tail.count }

        /// The whole page with `token` written in the stand-in's places.
        func body(token: String) -> ByteBuffer {
            var body = ByteBufferAllocator().buffer(capacity: byteCount)
            body.writeBytes(head)
            if let fragment {
                body.writeBytes(fragment.bytes)
                body.writeBytes(tail)
            }
            for offset in tokenOffsets {
                body.setBytes(token.utf8, at: offset)
            }
            return body
        }
    }

    let standIn = Tokens.random()
    private let pages: BoundedCache<Key, Page>

    init(capacity: Int = 256, maximumBytes: Int = 8 * 1024 * 1024) {
        pages = BoundedCache(capacity: capacity, maximumBytes: maximumBytes, secondAskWhenBusy: true)
    }

    subscript(key: Key) -> Page? {
        pages.value(for: key)
    }

    /// Whether a page not found is worth keeping (see `BoundedCache.admits`); else it is rendered for its visitor.
    func admits(_ key: Key) -> Bool {
        pages.admits(key)
    }

    /// Keeps the page rendered with the stand-in token under `key`, and returns it. When `block` says where the
    /// page holds `fragment` (its content's kept HTML, which never shows the token), only the bytes around it are
    /// copied: the content's HTML is kept once, by the content. The bound counts the whole page all the same.
    func keep(
        _ body: ByteBuffer, around block: KeptBlock? = nil, fragment: RenderedFragment? = nil, content: any AnyObject & Sendable,
        under key: Key
    ) -> Page {
        let page = body.withUnsafeReadableBytes { bytes in
            guard let block, let fragment, block.digest == fragment.digest, block.range.count == fragment.byteCount,
                block.range.upperBound <= bytes.count
            else {
                let (offsets, digest) = tokenPlaces(in: bytes, from: 0)
                return Page(content: content, head: Array(bytes), fragment: nil, tail: [], tokenOffsets: offsets, digest: digest)
            }
            let head = UnsafeRawBufferPointer(rebasing: bytes[..<block.range.lowerBound])
            let tail = UnsafeRawBufferPointer(rebasing: bytes[block.range.upperBound...])
            let (headOffsets, headDigest) = tokenPlaces(in: head, from: 0)
            let (tailOffsets, tailDigest) = tokenPlaces(in: tail, from: block.range.upperBound)
            var parts = (headDigest, fragment.digest, tailDigest, UInt64(head.count), UInt64(tail.count))
            return Page(
                content: content, head: Array(head), fragment: fragment, tail: Array(tail), tokenOffsets: headOffsets + tailOffsets,
                digest: withUnsafeBytes(of: &parts) { ByteDigest.hash($0) })
        }
        pages.keep(page, bytes: page.byteCount, for: key)
        return page
    }

    /// The stand-in's places in `part` (counted from `start`, the part's place in the page), and the digest of the
    /// part's other bytes. The places are found with memchr and memcmp and the bytes between copied in runs: a
    /// pass at memory speed.
    private func tokenPlaces(in part: UnsafeRawBufferPointer, from start: Int) -> (offsets: [Int], digest: UInt64) {
        var offsets: [Int] = []
        var rest: [UInt8] = []
        rest.reserveCapacity(part.count)
        Array(standIn.utf8).withUnsafeBytes { token in
            guard let first = part.baseAddress, let needle = token.baseAddress, !token.isEmpty else {
                rest.append(contentsOf: part)
                return
            }
            var runStart = 0
            var from = 0
            let lead = Int32(token[0])
            while from + token.count <= part.count, let found = memchr(first + from, lead, part.count - token.count + 1 - from) {
                let offset = first.distance(to: UnsafeRawPointer(found))
                guard memcmp(first + offset, needle, token.count) == 0 else {
                    from = offset + 1
                    continue
                }
                rest.append(contentsOf: part[runStart..<offset])
                offsets.append(start + offset)
                runStart = offset + token.count
                from = runStart
            }
            if runStart < part.count { rest.append(contentsOf: part[runStart...]) }
        }
        return (offsets, rest.withUnsafeBytes { ByteDigest.hash($0) })
    }

    /// How many pages are kept (for tests).
    var count: Int { pages.count }
}
