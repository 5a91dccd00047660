import Foundation

/// The benchmark's figures, written to standard output as its result (they are the tool's output, not log
/// records; diagnostics go through swift-log).
enum Figures {
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
