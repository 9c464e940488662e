-- Part of the read model's triggers, whose canonical source is api/read-model/changes.sql: what these
-- migrations leave installed is that file (tests/api/read-model-source.test.ts); change it there, then by a new migration.
ALTER TABLE "plan_revision" ADD COLUMN "project_revisions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_revision" ADD COLUMN "every_project_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Which plans a change touched: besides raising the revision (migration 0007's rule:
-- once per transaction, at commit, its lock the transaction's last), each writing transaction now
-- notes under that revision the projects whose plans read what it wrote, so a process reads again
-- only those plans. All of it is written at commit under the lock on plan_revision's one row, which
-- every writer takes first: no two writers can deadlock.
--
-- The revision this transaction commits under, raised by its first call.
CREATE FUNCTION "plan_revision_of_transaction"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  raised text := coalesce(current_setting('portal.plan_revision_raised', true), '');
  counted bigint;
BEGIN
  IF raised <> '' THEN
    RETURN raised::bigint;
  END IF;
  UPDATE "plan_revision" SET "revision" = "revision" + 1 WHERE "id" = 1 RETURNING "revision" INTO counted;
  counted := coalesce(counted, 0);
  PERFORM set_config('portal.plan_revision_raised', counted::text, true);
  RETURN counted;
END
$$;--> statement-breakpoint
-- The projects whose plans read a row of a table: its own project, or, for what plans share (a
-- cluster, a role, a template, the catalog), every project with a card that uses it. Rows already
-- gone (a cascade) give none: the row whose deletion cascaded names the project itself.
CREATE FUNCTION "projects_reading"(tbl text, r jsonb) RETURNS uuid[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  found uuid[];
BEGIN
  CASE tbl
    WHEN 'projects' THEN found := ARRAY[(r->>'id')::uuid];
    WHEN 'project_resource_instances', 'site_overrides' THEN found := ARRAY[(r->>'project_id')::uuid];
    WHEN 'project_entities' THEN
      SELECT array_agg(c.project_id) INTO found FROM "project_resource_instances" c WHERE c.id = (r->>'instance_id')::uuid;
    WHEN 'project_entity_user_mappings' THEN
      SELECT array_agg(c.project_id) INTO found FROM "project_entities" e JOIN "project_resource_instances" c ON c.id = e.instance_id WHERE e.id = (r->>'project_entity_id')::uuid;
    WHEN 'categories' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "project_resource_instances" c WHERE c.category_id = (r->>'id')::uuid;
    WHEN 'entities' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "project_resource_instances" c WHERE c.entity_id = (r->>'id')::uuid;
    WHEN 'plannings' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "project_resource_instances" c WHERE c.planning_id = (r->>'id')::uuid;
    WHEN 'resource_planning_templates' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "project_resource_instances" c
       WHERE c.category_id = (r->>'category_id')::uuid AND c.entity_id = (r->>'entity_id')::uuid AND c.planning_id = (r->>'planning_id')::uuid;
    WHEN 'template_items' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "resource_planning_templates" t
        JOIN "project_resource_instances" c ON c.category_id = t.category_id AND c.entity_id = t.entity_id AND c.planning_id = t.planning_id
       WHERE t.id = (r->>'template_id')::uuid;
    WHEN 'clusters', 'roles' THEN
      SELECT array_agg(DISTINCT c.project_id) INTO found FROM "template_items" i
        JOIN "resource_planning_templates" t ON t.id = i.template_id
        JOIN "project_resource_instances" c ON c.category_id = t.category_id AND c.entity_id = t.entity_id AND c.planning_id = t.planning_id
       WHERE CASE WHEN tbl = 'clusters' THEN i.cluster_ids ? (r->>'id') ELSE i.role_id = (r->>'id')::uuid END;
    ELSE found := NULL;
  END CASE;
  RETURN coalesce(found, ARRAY[]::uuid[]);
END
$$;--> statement-breakpoint
-- The part of a row the plans read.
CREATE FUNCTION "read_by_plans"(tbl text, r jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'roles' THEN jsonb_build_object('id', r->'id', 'name', r->'name')
    WHEN 'clusters' THEN r - 'description' - 'created_at'
    ELSE r
  END
$$;--> statement-breakpoint
-- A row trigger, deferred to the commit: raises the revision, then notes the projects the row's old
-- and new versions are read by, each once per transaction. Tags come in runs of one instance (a
-- save, a bulk insert): the last instance looked up is remembered, so a run costs one look-up.
CREATE FUNCTION "note_plan_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted bigint := "plan_revision_of_transaction"();
  noted text := coalesce(current_setting('portal.plan_projects_noted', true), '');
  fresh jsonb := '{}';
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
    IF TG_TABLE_NAME = 'project_entity_user_mappings' THEN
      CONTINUE WHEN coalesce(current_setting('portal.plan_instance_noted', true), '') = version->>'project_entity_id';
      PERFORM set_config('portal.plan_instance_noted', version->>'project_entity_id', true);
    END IF;
    FOREACH project IN ARRAY "projects_reading"(TG_TABLE_NAME, version) LOOP
      IF position(project::text IN noted) = 0 THEN
        fresh := fresh || jsonb_build_object(project::text, counted);
        noted := noted || project::text || ' ';
      END IF;
    END LOOP;
  END LOOP;
  IF fresh <> '{}' THEN
    UPDATE "plan_revision" SET "project_revisions" = "project_revisions" || fresh WHERE "id" = 1;
    PERFORM set_config('portal.plan_projects_noted', noted, true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A TRUNCATE touches every plan at once.
CREATE FUNCTION "note_plans_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted bigint := "plan_revision_of_transaction"();
BEGIN
  UPDATE "plan_revision" SET "every_project_revision" = counted WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['roles', 'categories', 'entities', 'clusters', 'projects', 'plannings', 'planning_roles', 'resource_planning_templates', 'template_items', 'project_resource_instances', 'project_entities', 'project_entity_user_mappings', 'site_overrides'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', watched || '_raise_plan_revision', watched);
    EXECUTE format('DROP TRIGGER %I ON %I', watched || '_truncate_raises_plan_revision', watched);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "note_plan_change"()', watched || '_note_plan_change', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "note_plans_truncated"()', watched || '_truncate_notes_every_plan', watched);
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION "raise_plan_revision"();
