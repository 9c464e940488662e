-- Part of the read model's triggers, whose canonical source is api/read-model/changes.sql: what these
-- migrations leave installed is that file (tests/api/read-model-source.test.ts); change it there, then by a new migration.
ALTER TABLE "plan_revision" ADD COLUMN "leave_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Leave is counted apart from the plans: recording leave no longer raises the plan
-- revision, so the answers kept over every plan stay kept; it raises leave_revision instead, by the
-- same rule as migration 0007's (once per transaction, at commit, as its last write).
DROP TRIGGER "leave_raise_plan_revision" ON "leave";--> statement-breakpoint
DROP TRIGGER "leave_truncate_raises_plan_revision" ON "leave";--> statement-breakpoint
CREATE FUNCTION "raise_leave_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.leave_revision_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.leave_revision_raised', 'yes', true);
    UPDATE "plan_revision" SET "leave_revision" = "leave_revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_raise_leave_revision" AFTER INSERT OR UPDATE OR DELETE ON "leave" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_leave_revision"();--> statement-breakpoint
CREATE TRIGGER "leave_truncate_raises_leave_revision" AFTER TRUNCATE ON "leave" FOR EACH STATEMENT EXECUTE FUNCTION "raise_leave_revision"();
