-- Several processes may serve one workbook from the same database, each with its own copy in
-- memory. A copy that missed another process's commits numbers its next commit with a seq the
-- database already holds; that write must be refused, never stored. The primary key of
-- workbook_commits refuses a seq still present as a row, but a snapshot deletes the rows it
-- covers, and a stale snapshot would delete acknowledged rows. So each workbook's head (the
-- highest seq stored, as a commit row or a snapshot) is kept here, and every write of the journal
-- must go past it: checked and advanced by triggers in the writing statement itself, one
-- compare-and-set on this row (its lock orders concurrent writers of one workbook). A refusal is
-- SQLSTATE 23505 (unique_violation), like the primary key's, so the store maps both the same way.
CREATE TABLE workbook_heads (
  workbook_id text PRIMARY KEY,
  seq bigint NOT NULL CHECK (seq >= 0)
);

INSERT INTO workbook_heads (workbook_id, seq)
SELECT workbook_id, max(seq) FROM (
  SELECT workbook_id, seq FROM workbook_commits
  UNION ALL
  SELECT workbook_id, seq FROM workbook_snapshots
) AS stored
GROUP BY workbook_id;

-- Moves the head of `wb` to `last_seq` when the write starts past it (`first_seq` > head); else
-- refuses the whole statement.
CREATE FUNCTION gridbook_advance_head(wb text, first_seq bigint, last_seq bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head bigint;
BEGIN
  -- Under READ COMMITTED a concurrent writer's update is waited for and the condition checked
  -- again on the row it left, so two writers of one seq cannot both pass.
  UPDATE workbook_heads SET seq = last_seq WHERE workbook_id = wb AND seq < first_seq;
  IF FOUND THEN
    RETURN;
  END IF;
  INSERT INTO workbook_heads (workbook_id, seq) VALUES (wb, last_seq)
  ON CONFLICT (workbook_id) DO NOTHING;
  IF FOUND THEN
    RETURN;
  END IF;
  SELECT seq INTO head FROM workbook_heads WHERE workbook_id = wb;
  RAISE EXCEPTION USING
    ERRCODE = 'unique_violation',
    MESSAGE = format('commit %s of workbook %s is taken: the database holds it up to commit %s',
      first_seq, wb, head);
END;
$$;

-- After rows are deleted (a snapshot dropping the rows it covers, recovery dropping rows after a
-- gap, a deleted workbook): the head is what remains; a workbook with nothing left has none.
CREATE FUNCTION gridbook_recompute_heads(workbook_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workbook_heads h
  WHERE h.workbook_id = ANY (workbook_ids)
    AND NOT EXISTS (SELECT 1 FROM workbook_commits c WHERE c.workbook_id = h.workbook_id)
    AND NOT EXISTS (SELECT 1 FROM workbook_snapshots s WHERE s.workbook_id = h.workbook_id);
  UPDATE workbook_heads h SET seq = greatest(
    coalesce((SELECT max(c.seq) FROM workbook_commits c WHERE c.workbook_id = h.workbook_id), 0),
    coalesce((SELECT s.seq FROM workbook_snapshots s WHERE s.workbook_id = h.workbook_id), 0))
  WHERE h.workbook_id = ANY (workbook_ids);
END;
$$;

CREATE FUNCTION gridbook_commits_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT workbook_id, min(seq) AS first_seq, max(seq) AS last_seq
    FROM inserted GROUP BY workbook_id ORDER BY workbook_id
  LOOP
    PERFORM gridbook_advance_head(batch.workbook_id, batch.first_seq, batch.last_seq);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE FUNCTION gridbook_snapshot_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gridbook_advance_head(NEW.workbook_id, NEW.seq, NEW.seq);
  RETURN NULL;
END;
$$;

CREATE FUNCTION gridbook_journal_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gridbook_recompute_heads(ARRAY(SELECT DISTINCT workbook_id FROM removed));
  RETURN NULL;
END;
$$;

CREATE TRIGGER workbook_commits_advance_head
AFTER INSERT ON workbook_commits
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION gridbook_commits_inserted();

CREATE TRIGGER workbook_snapshots_advance_head
AFTER INSERT OR UPDATE OF seq ON workbook_snapshots
FOR EACH ROW EXECUTE FUNCTION gridbook_snapshot_written();

CREATE TRIGGER workbook_commits_recompute_head
AFTER DELETE ON workbook_commits
REFERENCING OLD TABLE AS removed
FOR EACH STATEMENT EXECUTE FUNCTION gridbook_journal_deleted();

CREATE TRIGGER workbook_snapshots_recompute_head
AFTER DELETE ON workbook_snapshots
REFERENCING OLD TABLE AS removed
FOR EACH STATEMENT EXECUTE FUNCTION gridbook_journal_deleted();
