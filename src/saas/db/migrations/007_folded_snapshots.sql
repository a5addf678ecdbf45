-- A compaction folds the stored commits of a workbook into a new snapshot at a seq the database
-- already holds: it adds no commit, so it must not pass 006's head check (which refuses a
-- snapshot at or below the head, the mark of a stale copy). The store marks such a write in its
-- own transaction (set_config('gridbook.folding', 'on', true)); a folded snapshot is then
-- accepted only at or below the head, and never moves it.
CREATE OR REPLACE FUNCTION gridbook_snapshot_written() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head bigint;
BEGIN
  IF coalesce(current_setting('gridbook.folding', true), '') = 'on' THEN
    SELECT seq INTO head FROM workbook_heads WHERE workbook_id = NEW.workbook_id;
    IF head IS NULL OR NEW.seq > head THEN
      RAISE EXCEPTION USING
        ERRCODE = 'unique_violation',
        MESSAGE = format('a folded snapshot of workbook %s at commit %s passes what is stored (%s)',
          NEW.workbook_id, NEW.seq, coalesce(head::text, 'nothing'));
    END IF;
    RETURN NULL;
  END IF;
  PERFORM gridbook_advance_head(NEW.workbook_id, NEW.seq, NEW.seq);
  RETURN NULL;
END;
$$;
