-- Part of the read model's triggers, whose canonical source is api/read-model/changes.sql: what these
-- migrations leave installed is that file (tests/api/read-model-source.test.ts); change it there, then by a new migration.
CREATE TABLE "plan_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_revision_one_row" CHECK ("plan_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "plan_revision" ("id", "revision") VALUES (1, 0);--> statement-breakpoint
-- Raises the revision once per transaction that writes what people over time reads. It runs at
-- commit (a deferred constraint trigger), as the transaction's last write: the row lock it takes is
-- the last one the transaction takes, so two writers cannot deadlock on it, and a reader never sees
-- a new revision before the data it counts.
CREATE FUNCTION "raise_plan_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.plan_revision_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.plan_revision_raised', 'yes', true);
    UPDATE "plan_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['roles', 'categories', 'entities', 'clusters', 'projects', 'plannings', 'planning_roles', 'resource_planning_templates', 'template_items', 'project_resource_instances', 'project_entities', 'project_entity_user_mappings', 'site_overrides', 'leave'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_plan_revision"()', watched || '_raise_plan_revision', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "raise_plan_revision"()', watched || '_truncate_raises_plan_revision', watched);
  END LOOP;
END
$$;
