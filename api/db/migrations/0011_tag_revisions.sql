-- Part of the read model's triggers, whose canonical source is api/read-model/changes.sql: what these
-- migrations leave installed is that file (tests/api/read-model-source.test.ts); change it there, then by a new migration.
ALTER TABLE "plan_revision" ADD COLUMN "project_plan_revisions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A tag is the most frequent change to a plan, and it changes only who is tagged: the cards, their
-- items and the clusters' dates stay. Besides noting the project (migration 0009), a change to
-- anything of a plan but its tags now notes the project in project_plan_revisions too, so a
-- process whose reading of a project is older than its last tag but not than its last other change
-- reads that project's tags alone (tags change most often). The same rules otherwise: once per transaction and
-- project, under the lock on plan_revision's one row, at commit.
CREATE OR REPLACE FUNCTION "note_plan_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted bigint := "plan_revision_of_transaction"();
  noted text := coalesce(current_setting('portal.plan_projects_noted', true), '');
  parts_noted text := coalesce(current_setting('portal.plan_parts_noted', true), '');
  tags_only boolean := TG_TABLE_NAME = 'project_entity_user_mappings';
  fresh jsonb := '{}';
  fresh_parts jsonb := '{}';
  versions jsonb[] := ARRAY[]::jsonb[];
  version jsonb;
  project uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN versions := versions || to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN versions := versions || to_jsonb(NEW); END IF;
  -- What no plan reads changes none: a role's lead time (read apart, with every change), a
  -- cluster's description.
  IF TG_OP = 'UPDATE' AND "read_by_plans"(TG_TABLE_NAME, versions[1]) = "read_by_plans"(TG_TABLE_NAME, versions[2]) THEN
    RETURN NULL;
  END IF;
  FOREACH version IN ARRAY versions LOOP
    IF tags_only THEN
      CONTINUE WHEN coalesce(current_setting('portal.plan_instance_noted', true), '') = version->>'project_entity_id';
      PERFORM set_config('portal.plan_instance_noted', version->>'project_entity_id', true);
    END IF;
    FOREACH project IN ARRAY "projects_reading"(TG_TABLE_NAME, version) LOOP
      IF position(project::text IN noted) = 0 THEN
        fresh := fresh || jsonb_build_object(project::text, counted);
        noted := noted || project::text || ' ';
      END IF;
      IF NOT tags_only AND position(project::text IN parts_noted) = 0 THEN
        fresh_parts := fresh_parts || jsonb_build_object(project::text, counted);
        parts_noted := parts_noted || project::text || ' ';
      END IF;
    END LOOP;
  END LOOP;
  IF fresh <> '{}' OR fresh_parts <> '{}' THEN
    UPDATE "plan_revision" SET "project_revisions" = "project_revisions" || fresh, "project_plan_revisions" = "project_plan_revisions" || fresh_parts WHERE "id" = 1;
    PERFORM set_config('portal.plan_projects_noted', noted, true);
    PERFORM set_config('portal.plan_parts_noted', parts_noted, true);
  END IF;
  RETURN NULL;
END
$$;
