import Logging
import OpenMarketPostgres
import PostgresNIO

/// The front end's tables in the PostgreSQL database the market uses, all named `web_…`, as named, append-only
/// migrations recorded in `web_schema_migrations` (a shipped one is never edited, a change is a new one).
///
/// Every instance runs `migrate` at start, perhaps all at once: each takes the same transaction-level advisory lock
/// first (another key than the market's), so one applies what is missing while the others wait, then find it done.
package enum PostgresWebSchema {
    package typealias Migration = PostgresMigration

    /// The advisory lock's key: next to the market's two (its migrations, its sample products), so that neither
    /// waits for the other.
    package static let migrationLock: Int64 = 0x4F4D_4B54_5347_0003

    package static let migrations: [Migration] = [
        Migration(name: "web v1 accounts passwords history drafts kept products guesses", statements: version1),
        Migration(name: "web v2 guesses reserved before they are checked", statements: guessReservations),
        Migration(name: "web v3 site key", statements: [
            // The key the site signs its CSRF tokens and the console's device cookies with, made by the first instance.
            "CREATE TABLE web_site_key (id smallint PRIMARY KEY CHECK (id = 1), key bytea NOT NULL)",
        ]),
        Migration(name: "web history by action and by time", statements: [
            // The history page filters by action, by refusals and by day, and pages by id within either.
            "CREATE INDEX web_audit_event_on_action_id ON web_audit_event (action, id)",
            "CREATE INDEX web_audit_event_on_at ON web_audit_event (at)",
            "CREATE INDEX web_audit_event_on_outcome_id ON web_audit_event (outcome, id)",
        ]),
        Migration(name: "web v5 seller names, like counts and search counts", statements: [
            "CREATE TABLE web_seller_name (product_id bigint PRIMARY KEY, name text NOT NULL)",
            // A seller's other products, newest first.
            "CREATE INDEX web_seller_name_on_name_product_id ON web_seller_name (name, product_id)",
            "CREATE TABLE web_like_count (product_id bigint PRIMARY KEY, likes bigint NOT NULL)",
            // Words and days only: nothing here says who searched.
            "CREATE TABLE web_search_count (day integer NOT NULL, term text NOT NULL, searches bigint NOT NULL, PRIMARY KEY (day, term))",
        ]),
        Migration(name: "web v6 product questions", statements: [
            """
            CREATE TABLE web_product_question (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                product_id bigint NOT NULL,
                nickname text NOT NULL,
                text text NOT NULL,
                password_hash text NOT NULL,
                is_private boolean NOT NULL,
                asker_key text NOT NULL,
                asked_at timestamptz NOT NULL,
                answer text,
                answered_at timestamptz,
                is_hidden boolean NOT NULL DEFAULT false
            )
            """,
            // A product's questions newest first; an asker's within the last hour.
            "CREATE INDEX web_product_question_on_product_id_id ON web_product_question (product_id, id)",
            "CREATE INDEX web_product_question_on_asker_key_asked_at ON web_product_question (asker_key, asked_at)",
        ]),
    ]

    package static let version1: [String] = [
        """
        CREATE TABLE web_admin_account (
            id smallint PRIMARY KEY CHECK (id = 1),
            password_hash text NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        // Only a SHA-256 of each session token is kept: a copy of the database signs nobody in.
        """
        CREATE TABLE web_admin_session (
            token_hash text PRIMARY KEY,
            created_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX web_admin_session_on_expires_at ON web_admin_session (expires_at)",
        """
        CREATE TABLE web_product_password (
            product_id bigint PRIMARY KEY,
            password_hash text NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE web_audit_event (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at timestamptz NOT NULL,
            actor text NOT NULL,
            action text NOT NULL,
            product_id bigint,
            product_name text NOT NULL,
            changes text NOT NULL,
            snapshot text,
            outcome text NOT NULL,
            detail text NOT NULL,
            creation_key text,
            related_product_id bigint
        )
        """,
        "CREATE INDEX web_audit_event_on_product_id_id ON web_audit_event (product_id, id)",
        "CREATE INDEX web_audit_event_on_pending ON web_audit_event (id) WHERE outcome = 'pending'",
        // The history page shows a total on every view: a counter, kept in each insert's own statement.
        "CREATE TABLE web_audit_counter (id smallint PRIMARY KEY CHECK (id = 1), total bigint NOT NULL)",
        "INSERT INTO web_audit_counter (id, total) VALUES (1, 0)",
        // Drafts: each knows its photos' bytes, and the total of all is one row, locked first by every change to
        // drafts, so the bound holds across instances and no two changes wait on each other in opposite orders.
        """
        CREATE TABLE web_photo_draft (
            key_hash text PRIMARY KEY,
            owner_hash text NOT NULL,
            expires_at timestamptz NOT NULL,
            bytes bigint NOT NULL
        )
        """,
        "CREATE INDEX web_photo_draft_on_owner_hash ON web_photo_draft (owner_hash, expires_at)",
        "CREATE INDEX web_photo_draft_on_expires_at ON web_photo_draft (expires_at)",
        """
        CREATE TABLE web_photo_draft_image (
            draft_key_hash text NOT NULL REFERENCES web_photo_draft (key_hash) ON DELETE CASCADE,
            position integer NOT NULL,
            token text NOT NULL UNIQUE,
            filename text NOT NULL,
            media_type text NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (draft_key_hash, position)
        )
        """,
        "CREATE TABLE web_photo_draft_total (id smallint PRIMARY KEY CHECK (id = 1), bytes bigint NOT NULL)",
        "INSERT INTO web_photo_draft_total (id, bytes) VALUES (1, 0)",
        """
        CREATE TABLE web_kept_product (
            event_id bigint PRIMARY KEY REFERENCES web_audit_event (id) ON DELETE CASCADE,
            product_id bigint NOT NULL,
            vendor_id bigint NOT NULL,
            main_position integer NOT NULL,
            password_hash text,
            kept_until timestamptz NOT NULL,
            restore_key text,
            restored_product_id bigint,
            restored_at timestamptz
        )
        """,
        "CREATE INDEX web_kept_product_on_kept_until ON web_kept_product (kept_until) WHERE restored_product_id IS NULL AND restore_key IS NULL",
        "CREATE INDEX web_kept_product_on_restoring ON web_kept_product (event_id) WHERE restore_key IS NOT NULL AND restored_product_id IS NULL",
        """
        CREATE TABLE web_kept_photo (
            event_id bigint NOT NULL REFERENCES web_kept_product (event_id) ON DELETE CASCADE,
            position integer NOT NULL,
            media_type text NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (event_id, position)
        )
        """,
        // Wrong guesses, counted across instances: one row per client and secret (`pair`), per client (`client`,
        // subject ''), per secret (`subject`, client ''), each changed only by one atomic upsert.
        """
        CREATE TABLE web_guess_miss (
            scope text COLLATE "C" NOT NULL CHECK (scope IN ('pair', 'client', 'subject')),
            subject text COLLATE "C" NOT NULL,
            client text COLLATE "C" NOT NULL,
            misses integer NOT NULL,
            last_miss timestamptz NOT NULL,
            blocked_until timestamptz NOT NULL,
            PRIMARY KEY (scope, subject, client)
        )
        """,
        "CREATE INDEX web_guess_miss_on_last_miss ON web_guess_miss (last_miss)",
        // Clients that proved a secret recently: the secret's own block does not stop them.
        """
        CREATE TABLE web_guess_trust (
            subject text COLLATE "C" NOT NULL,
            client text COLLATE "C" NOT NULL,
            until timestamptz NOT NULL,
            PRIMARY KEY (subject, client)
        )
        """,
        "CREATE INDEX web_guess_trust_on_until ON web_guess_trust (until)",
    ]

    /// Applies the migrations not yet recorded, in order, in one transaction under the advisory lock; the names
    /// of those it applied.
    package static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await PostgresMigrations.apply(migrations, recordedIn: "web_schema_migrations", lock: migrationLock, on: connection, logger: logger)
    }
}
