import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// Where an export continues: a key in the embedded market, an offset in the remote one.
package enum AdminExportCursor: Sendable {
    case key(ExportCursor)
    case offset(Int)
}
