import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketPostgres
import OpenMarketStore

/// Everything the web layer asks of an embedded market, as capabilities: the OpenMarket API, products' own
/// passwords, photo replacement, seller pages and batch reads, the admin console's listing and export, the
/// two-step delete, photos by file name, vendors and sample data, restores, taking over passwords kept before, and
/// changes whose precondition is decided in their own transaction.
/// The web layer names only this; which store it is (`SQLiteMarket`, `PostgresMarket`) is chosen where it is opened.
package protocol EmbeddedMarketStore:
    OpenMarketAPI, ProductPasswordKeeping, ProductImageReplacing, VendorListing, ProductBatchReading, AdminListing, TwoStepDeleting,
    ImageServing, VendorKeeping, ProductRelisting, ProductPasswordAdopting, ConditionalProductUpdating
{}

extension SQLiteMarket: EmbeddedMarketStore {}
extension PostgresMarket: EmbeddedMarketStore {}
