extension PostgresWebSchema {
    /// A guess is reserved before it is checked and settled after (`GuessThrottle`): each count row also holds its
    /// guesses in flight. Both steps are one function call each, so one statement: the function locks the pair's,
    /// the client's and the subject's rows in that order (made when missing) — every reservation and settlement
    /// takes them in the same order, so none waits on another in a cycle — decides from what they hold then, and
    /// writes before the locks go. Limits come from the caller (`PostgresWebStorage.limits`), as free misses, first
    /// delay and longest delay of each row in turn. Time is the server's clock read once the rows are held
    /// (`clock_timestamp()`, not the statement's start): a reservation that waited for a lock must not see the
    /// moments its predecessors wrote as lying in its future.
    package static let guessReservations: [String] = [
        """
        ALTER TABLE web_guess_miss
            ADD COLUMN pending integer NOT NULL DEFAULT 0,
            ADD COLUMN pending_until timestamptz NOT NULL DEFAULT now()
        """,
        """
        CREATE FUNCTION web_guess_reserve(p_subject text, p_client text, p_limits bigint[], p_memory bigint, p_lifetime bigint)
        RETURNS TABLE (outcome text, seconds integer) LANGUAGE plpgsql AS $$
        DECLARE
            scopes constant text[] := ARRAY['pair', 'client', 'subject'];
            subjects constant text[] := ARRAY[p_subject, '', p_subject];
            clients constant text[] := ARRAY[p_client, p_client, ''];
            -- A client that proved this secret lately is not held back by the secret's own row.
            rows web_guess_miss[];
            r web_guess_miss;
            t timestamptz;
            proven boolean;
            latest timestamptz;
            busy boolean := false;
        BEGIN
            FOR i IN 1..3 LOOP
                -- Locks the row (an update that changes nothing), or makes it; either way this statement holds it.
                INSERT INTO web_guess_miss AS m (scope, subject, client, misses, last_miss, blocked_until, pending, pending_until)
                VALUES (scopes[i], subjects[i], clients[i], 0, clock_timestamp(), '-infinity', 0, '-infinity')
                ON CONFLICT (scope, subject, client) DO UPDATE SET pending = m.pending
                RETURNING m.* INTO r;
                rows := rows || r;
            END LOOP;
            t := clock_timestamp();
            latest := t;
            -- A client that proved this secret lately is not held back by the secret's own row.
            proven := EXISTS (SELECT 1 FROM web_guess_trust g WHERE g.subject = p_subject AND g.client = p_client AND g.until > t);
            FOR i IN 1..3 LOOP
                CONTINUE WHEN i = 3 AND proven;
                r := rows[i];
                latest := greatest(latest, r.blocked_until);
                -- In flight already, against the free misses left (one at a time past them); lapsed ones count no more.
                IF (CASE WHEN r.pending_until > t THEN r.pending ELSE 0 END) >= greatest(1, p_limits[3 * i - 2]
                    - (CASE WHEN r.last_miss < t - p_memory * interval '1 second' THEN 0 ELSE r.misses END)) THEN
                    busy := true;
                END IF;
            END LOOP;
            IF latest > t THEN
                RETURN QUERY SELECT 'blocked'::text, greatest(1, ceil(extract(epoch FROM latest - t)))::integer;
            ELSIF busy THEN
                RETURN QUERY SELECT CASE WHEN proven THEN 'queued' ELSE 'busy' END, 1;
            ELSE
                UPDATE web_guess_miss m
                SET pending = (CASE WHEN m.pending_until > t THEN m.pending ELSE 0 END) + 1,
                    pending_until = t + p_lifetime * interval '1 second'
                WHERE (m.scope, m.subject, m.client) IN (('pair', p_subject, p_client), ('client', '', p_client), ('subject', p_subject, ''));
                RETURN QUERY SELECT 'granted'::text, NULL::integer;
            END IF;
        END
        $$
        """,
        """
        CREATE FUNCTION web_guess_settle(p_subject text, p_client text, p_verdict text, p_limits bigint[], p_memory bigint)
        RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            scopes constant text[] := ARRAY['pair', 'client', 'subject'];
            subjects constant text[] := ARRAY[p_subject, '', p_subject];
            clients constant text[] := ARRAY[p_client, p_client, ''];
            r web_guess_miss;
            t timestamptz;
            counted bigint;
            waiting integer;
        BEGIN
            FOR i IN 1..3 LOOP
                SELECT * INTO r FROM web_guess_miss m
                WHERE m.scope = scopes[i] AND m.subject = subjects[i] AND m.client = clients[i] FOR UPDATE;
                CONTINUE WHEN NOT FOUND;
                t := clock_timestamp();
                counted := CASE WHEN r.last_miss < t - p_memory * interval '1 second' THEN 0 ELSE r.misses END;
                waiting := greatest(0, (CASE WHEN r.pending_until > t THEN r.pending ELSE 0 END) - 1);
                IF p_verdict = 'wrong' THEN
                    -- The reservation becomes a miss; past the free ones the wait doubles with each (`delaySeconds`).
                    counted := counted + 1;
                    r.last_miss := t;
                    IF counted >= p_limits[3 * i - 2] THEN
                        r.blocked_until := greatest(r.blocked_until, t
                            + least(p_limits[3 * i - 1] << least(counted - p_limits[3 * i - 2], 16)::integer, p_limits[3 * i])
                            * interval '1 second');
                    END IF;
                ELSIF p_verdict = 'right' AND i = 1 THEN
                    -- The right secret forgives this client's misses at it (its misses elsewhere stay).
                    counted := 0;
                    r.blocked_until := '-infinity';
                END IF;
                IF counted = 0 AND waiting = 0 AND r.blocked_until <= t THEN
                    DELETE FROM web_guess_miss m WHERE m.scope = scopes[i] AND m.subject = subjects[i] AND m.client = clients[i];
                ELSE
                    UPDATE web_guess_miss m
                    SET misses = counted, last_miss = r.last_miss, blocked_until = r.blocked_until, pending = waiting
                    WHERE m.scope = scopes[i] AND m.subject = subjects[i] AND m.client = clients[i];
                END IF;
            END LOOP;
            IF p_verdict = 'right' THEN
                INSERT INTO web_guess_trust AS g (subject, client, until) VALUES (p_subject, p_client, clock_timestamp() + p_memory * interval '1 second')
                ON CONFLICT (subject, client) DO UPDATE SET until = excluded.until;
            END IF;
        END
        $$
        """,
    ]
}
