import Foundation
import OpenMarketCore
import Testing

@Suite struct ZZSanityProbe {
    @Test func probe() throws {
        let a = try Fixture.object("v2-detail.json")
        var detail = try Fixture.decode(ProductDetail.self, from: "v2-detail.json")
        detail.stock = 8
        #expect(a != (try parsedObject(detail.wireJSON)))
        detail.stock = 7
        detail.images[1].id = 9
        #expect(a != (try parsedObject(detail.wireJSON)))
        let l1 = try parsedObject(Data(#"{"hasNext":true}"#.utf8))
        let l2 = try parsedObject(Data(#"{"hasNext":false}"#.utf8))
        #expect(l1 != l2)
        let n1 = try parsedObject(Data(#"{"p":12000}"#.utf8))
        let n2 = try parsedObject(Data(#"{"p":12000.5}"#.utf8))
        #expect(n1 != n2)
        let n3 = try parsedObject(Data(#"{"p":1}"#.utf8))
        let n4 = try parsedObject(Data(#"{"p":true}"#.utf8))
        #expect(n3 != n4, "1 vs true")
    }
}
