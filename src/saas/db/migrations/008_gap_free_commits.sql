-- Commits are gap-free: recovery treats rows after a gap as never acknowledged. 006 only asked a
-- write to start past the head, so an INSERT waiting on the head row of an earlier one that then
-- rolled back passed its check on the old head and committed after a gap (two writers, or a store
-- sending two INSERTs at once). Commits must now continue the head exactly (first seq = head + 1,
-- or 1 for a workbook with no head), so such an INSERT is refused. Snapshots keep 006's rule.
CREATE OR REPLACE FUNCTION gridbook_continue_head(wb text, first_seq bigint, last_seq bigint)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head bigint;
BEGIN
  -- Under READ COMMITTED the row a concurrent writer left is the one checked, after its end.
  UPDATE workbook_heads SET seq = last_seq WHERE workbook_id = wb AND seq = first_seq - 1;
  IF FOUND THEN
    RETURN;
  END IF;
  IF first_seq = 1 THEN
    INSERT INTO workbook_heads (workbook_id, seq) VALUES (wb, last_seq)
    ON CONFLICT (workbook_id) DO NOTHING;
    IF FOUND THEN
      RETURN;
    END IF;
  END IF;
  SELECT seq INTO head FROM workbook_heads WHERE workbook_id = wb;
  RAISE EXCEPTION USING
    ERRCODE = 'unique_violation',
    MESSAGE = format('commit %s of workbook %s does not follow what is stored (up to commit %s)',
      first_seq, wb, coalesce(head::text, 'none'));
END;
$$;

CREATE OR REPLACE FUNCTION gridbook_commits_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT workbook_id, min(seq) AS first_seq, max(seq) AS last_seq, count(*) AS rows
    FROM inserted GROUP BY workbook_id ORDER BY workbook_id
  LOOP
    -- One statement's commits of a workbook must be consecutive too.
    IF batch.last_seq - batch.first_seq + 1 <> batch.rows THEN
      RAISE EXCEPTION USING
        ERRCODE = 'unique_violation',
        MESSAGE = format('commits %s to %s of workbook %s leave a gap',
          batch.first_seq, batch.last_seq, batch.workbook_id);
    END IF;
    PERFORM gridbook_continue_head(batch.workbook_id, batch.first_seq, batch.last_seq);
  END LOOP;
  RETURN NULL;
END;
$$;

-- A compaction's fold deletes commits its new snapshot covers: the head (the highest seq stored)
-- stays where it is. Recomputing it there could even lower it: the recount reads the commits as
-- of its statement's start, so one INSERT committing while the fold waits on the head row would be
-- missed, and the next commit, continuing that INSERT, refused.
CREATE OR REPLACE FUNCTION gridbook_journal_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('gridbook.folding', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM gridbook_recompute_heads(ARRAY(SELECT DISTINCT workbook_id FROM removed));
  RETURN NULL;
END;
$$;
