ALTER TABLE "plan_revision" ADD COLUMN "people_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Part of the read model's triggers, whose canonical source is api/read-model/changes.sql: what these
-- migrations leave installed is that file (tests/api/read-model-source.test.ts); change it there, then by a new migration.
--
-- Who the Schedule lists is counted apart from the plans and leave: people joining, leaving, renamed,
-- given a role or a work location raise people_revision, by the same rule as the others (once per
-- transaction, at commit, as its last write). Only the columns the Schedule reads: a sign-in or a
-- new password changes none.
CREATE OR REPLACE FUNCTION "raise_people_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.people_revision_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.people_revision_raised', 'yes', true);
    UPDATE "plan_revision" SET "people_revision" = "people_revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_raise_people_revision" AFTER INSERT OR DELETE OR UPDATE OF "email", "full_name", "role_id", "status" ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_people_revision"();--> statement-breakpoint
CREATE TRIGGER "users_truncate_raises_people_revision" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "raise_people_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_raise_people_revision" AFTER INSERT OR DELETE OR UPDATE OF "professional" ON "profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_people_revision"();--> statement-breakpoint
CREATE TRIGGER "profiles_truncate_raises_people_revision" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "raise_people_revision"();
