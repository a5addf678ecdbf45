-- 010 refuses a deleted workbook's head only when it would be created again, by a commit numbered
-- 1. A process that had loaded the workbook with commits (a titled workbook has one from its
-- creation, its name) numbers its next commit past 1, finds no head and was refused as a taken
-- seq (503, retryable) instead: a deleted workbook is now refused as such (GB404, 404) whatever
-- the seq.
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
  IF EXISTS (SELECT 1 FROM deleted_workbooks WHERE workbook_id = wb) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'GB404',
      MESSAGE = format('workbook %s was deleted', wb);
  END IF;
  SELECT seq INTO head FROM workbook_heads WHERE workbook_id = wb;
  RAISE EXCEPTION USING
    ERRCODE = 'unique_violation',
    MESSAGE = format('commit %s of workbook %s does not follow what is stored (up to commit %s)',
      first_seq, wb, coalesce(head::text, 'none'));
END;
$$;
