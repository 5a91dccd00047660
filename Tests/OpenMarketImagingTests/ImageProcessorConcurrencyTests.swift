import Foundation
import OpenMarketImaging
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImageProcessorConcurrencyTests {
    /// liborc's generated code crashed a test process once; libvips runs its plain C loops only.
    @Test func libvipsRunsNoRunTimeCompiledLoops() throws {
        let processor = try ImageProcessor(workers: 1)
        withExtendedLifetime(processor) {
            #expect(ImageProcessor.runsCompiledLoops == false)
        }
    }

    @Test func manyConcurrentCallersGetTheSameResultAsOne() async throws {
        // Given more callers than workers, sharing one processor
        let processor = try ImageProcessor(workers: 2)
        let photo = try Fixture.syntheticJPEG(width: 1200, height: 900, noise: 8)
        let alone = try await processor.process(photo)

        // When twelve process the same photo at once
        let results = try await withThrowingTaskGroup(of: ProcessedImage.self) { group in
            for _ in 0..<12 {
                group.addTask { try await processor.process(photo) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then each waited its turn and got byte-identical output: no state leaks between images
        #expect(results.count == 12)
        #expect(results.allSatisfy { $0 == alone })
    }

    @Test func refusalsDoNotDisturbOtherImages() async throws {
        let processor = try ImageProcessor(workers: 2)
        let good = try Fixture.data("small-320.jpg")
        let bad = Data("not an image".utf8)

        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let expectGood = index.isMultiple(of: 2)
                    do throws(ImageError) {
                        _ = try await processor.process(expectGood ? good : bad)
                        return expectGood
                    } catch {
                        return !expectGood && error == .notAnImage
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 12)
        #expect(outcomes.allSatisfy { $0 })
    }
}
