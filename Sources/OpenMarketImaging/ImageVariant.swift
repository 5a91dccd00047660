import Foundation

/// One encoded output image.
public struct ImageVariant: Sendable, Equatable {
    public var data: Data
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    public init(data: Data, format: ImageFormat, width: Int, height: Int) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }
}
