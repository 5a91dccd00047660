import ArgumentParser

/// The executable: serving is the default, so plain `openmarket-web` still serves; `fill` is for operators.
@main
struct OpenMarketWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-web",
        abstract: "A second-hand market in the browser, on an embedded OpenMarket or a remote OpenMarket server.",
        subcommands: [ServeCommand.self, FillCommand.self],
        defaultSubcommand: ServeCommand.self)
}
