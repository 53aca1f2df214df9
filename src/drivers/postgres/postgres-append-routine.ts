/**
 * Schema v9's `engram_append_batch`, a routine that appends a batch of `append` calls (any sessions) in one
 * statement, so a group commit costs one round trip and one commit (`postgres-append.ts` calls it). Per call, in
 * order, it does what the shared fast path does (src/drivers/sql/sql-append.ts): reserve seqs in the root session
 * owned by exactly the call's scope, insert each message with `ON CONFLICT … DO NOTHING`, look up a conflict,
 * give back unused seqs. A call whose session is missing, a fork, or would pass the token limit changes nothing
 * and gets one row with `r_seq` NULL (the store runs the general path for it). A conflicting id with a different
 * body raises SQLSTATE `EG001` (detail: the id), which rolls back the whole statement. Rows come back as (call,
 * index within the call, seq, tokens, whether the entry already existed). A batch of several calls first locks
 * their sessions in key order, so concurrent batches never deadlock.
 */
export const postgresAppendBatchRoutine: readonly string[] = [
  `CREATE OR REPLACE FUNCTION engram_append_batch(
  p_now BIGINT, p_max BIGINT,
  c_tenant TEXT[], c_user TEXT[], c_agent TEXT[], c_session TEXT[], c_count INT[],
  m_id TEXT[], m_role TEXT[], m_created BIGINT[], m_tokens BIGINT[], m_body TEXT[], m_text TEXT[]
) RETURNS TABLE (r_call INT, r_index INT, r_seq BIGINT, r_tokens BIGINT, r_existing BOOLEAN)
LANGUAGE plpgsql AS $engram$
DECLARE
  i INT;
  k INT;
  first INT := 1;
  n INT;
  total BIGINT;
  v_log TEXT;
  v_seq BIGINT;
  skipped INT;
  skipped_tokens BIGINT;
  prior RECORD;
BEGIN
  IF coalesce(array_length(c_tenant, 1), 0) > 1 THEN
    -- Sessions are locked in one global order first, so two batches spanning the same sessions never deadlock.
    PERFORM 1 FROM engram_sessions s
      JOIN unnest(c_tenant, c_user, c_agent, c_session) AS c(t, u, a, id)
        ON s.tenant = c.t AND s.user_id = c.u AND s.agent_id = c.a AND s.id = c.id
      ORDER BY s.tenant, s.user_id, s.agent_id, s.id
      FOR UPDATE OF s;
  END IF;
  FOR i IN 1 .. coalesce(array_length(c_tenant, 1), 0) LOOP
    n := c_count[i];
    total := 0;
    FOR k IN first .. first + n - 1 LOOP
      total := total + m_tokens[k];
    END LOOP;
    UPDATE engram_sessions s
      SET last_seq = s.last_seq + n, live_count = s.live_count + n, live_tokens = s.live_tokens + total, updated_at = p_now
      WHERE s.tenant = c_tenant[i] AND s.user_id = c_user[i] AND s.agent_id = c_agent[i] AND s.id = c_session[i]
        AND s.parent_id IS NULL AND s.live_tokens <= p_max - total
      RETURNING s.log_id, s.last_seq - n INTO v_log, v_seq;
    IF NOT FOUND THEN
      r_call := i; r_index := NULL; r_seq := NULL; r_tokens := NULL; r_existing := NULL;
      RETURN NEXT;
    ELSE
      skipped := 0;
      skipped_tokens := 0;
      FOR k IN first .. first + n - 1 LOOP
        INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text)
          VALUES (c_tenant[i], v_log, v_seq + 1, m_id[k], m_role[k], m_created[k], m_tokens[k], FALSE, m_body[k], m_text[k])
          ON CONFLICT (tenant, session_id, message_id) WHERE deleted = FALSE DO NOTHING;
        r_call := i;
        r_index := k - first;
        IF FOUND THEN
          v_seq := v_seq + 1;
          r_seq := v_seq; r_tokens := m_tokens[k]; r_existing := FALSE;
        ELSE
          SELECT m.seq, m.body, m.tokens INTO prior FROM engram_messages m
            WHERE m.tenant = c_tenant[i] AND m.session_id = v_log AND m.message_id = m_id[k] AND m.deleted = FALSE;
          IF NOT FOUND OR prior.body <> m_body[k] THEN
            RAISE EXCEPTION 'message id % is taken by a different message', m_id[k] USING ERRCODE = 'EG001', DETAIL = m_id[k];
          END IF;
          skipped := skipped + 1;
          skipped_tokens := skipped_tokens + m_tokens[k];
          r_seq := prior.seq; r_tokens := prior.tokens; r_existing := TRUE;
        END IF;
        RETURN NEXT;
      END LOOP;
      IF skipped > 0 THEN
        UPDATE engram_sessions s
          SET last_seq = s.last_seq - skipped, live_count = s.live_count - skipped, live_tokens = s.live_tokens - skipped_tokens
          WHERE s.tenant = c_tenant[i] AND s.log_id = v_log;
      END IF;
    END IF;
    first := first + n;
  END LOOP;
END
$engram$`,
];
