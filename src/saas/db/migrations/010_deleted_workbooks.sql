-- A deleted workbook stays deleted for every process: another process that still has it in
-- memory (loaded before the deletion, its access cached up to 5 s) could otherwise store its
-- next commit, numbered 1 when it had none, as the first of a workbook no one can open, and
-- answer it 200. The deletion leaves the id here, and the head of a workbook named here cannot
-- be created again: the write is refused (SQLSTATE GB404, seq-taken.ts), that process drops
-- its copy and answers 404.
CREATE TABLE deleted_workbooks (
  workbook_id text PRIMARY KEY,
  deleted_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION gridbook_refuse_deleted_workbook() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deleted_workbooks WHERE workbook_id = NEW.workbook_id) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'GB404',
      MESSAGE = format('workbook %s was deleted', NEW.workbook_id);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER workbook_heads_not_deleted BEFORE INSERT ON workbook_heads
FOR EACH ROW EXECUTE FUNCTION gridbook_refuse_deleted_workbook();

-- A checkpoint (POST /system/save) such a process writes for a deleted workbook is not stored.
CREATE FUNCTION gridbook_skip_deleted_workbook() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deleted_workbooks WHERE workbook_id = NEW.workbook_id) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER workbook_checkpoints_not_deleted BEFORE INSERT ON workbook_checkpoints
FOR EACH ROW EXECUTE FUNCTION gridbook_skip_deleted_workbook();
