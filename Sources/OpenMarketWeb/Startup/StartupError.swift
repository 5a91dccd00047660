/// Why the application refused to start; each message says what to fix.
public enum StartupError: Error, CustomStringConvertible {
    case missingDirectory(String)
    case missingTemplate(String)
    case missingFile(String)
    case templateParse(String)
    /// The texts' files (`Texts/<code>.texts`) lack a key, add one, or disagree on a text's placeholders.
    case texts([String])
    case invalidOption(String)
    case dataDirectory(String)
    /// The market's PostgreSQL database cannot be reached or used.
    case marketDatabase(String)

    public var description: String {
        switch self {
        case .missingDirectory(let path):
            "Missing directory \(path). Run from the project root or pass --root (OPENMARKET_ROOT)."
        case .missingFile(let path):
            "Missing file \(path). Run from the project root or pass --root (OPENMARKET_ROOT)."
        case .missingTemplate(let name):
            "Missing template Templates/\(name).mustache."
        case .templateParse(let detail):
            "A template could not be parsed: \(detail)"
        case .texts(let problems):
            "The texts cannot serve every page:\n  " + problems.joined(separator: "\n  ")
        case .invalidOption(let detail):
            detail
        case .marketDatabase(let detail):
            detail
        case .dataDirectory(let detail):
            "The data directory is not usable: \(detail)"
        }
    }
}
