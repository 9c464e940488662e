-- What a write to the tables people over time reads notes, so every API process knows what to read
-- again: the canonical source of the read model's triggers (api/read-model/). The migrations that
-- installed these (0007_plan_revision, 0008_leave_apart, 0009_project_revisions,
-- 0011_tag_revisions, 0012_people_revision) say so; a change to a function here is made by a new migration that installs
-- it as written here, and tests/api/read-model-source.test.ts fails until the installed functions
-- and triggers are these. Running this file again installs the same (it is idempotent).
--
-- Two counters on plan_revision's one row, each raised once per writing transaction, at commit (a
-- deferred constraint trigger), as the transaction's last write: the row lock it takes is the last
-- one the transaction takes, so two writers cannot deadlock on it, and a reader never sees a new
-- revision before the data it counts.
--
-- - `revision`, for the plans' tables and the roles. Besides raising it, each writing transaction
--   notes under it the projects whose plans read what it wrote (`project_revisions`), and of those
--   the ones where more than their tags changed (`project_plan_revisions`), so a process reads
--   again only those plans, and of a project whose tags alone moved only its tags. A TRUNCATE
--   cannot say which rows went: it notes every plan (`every_project_revision`).
-- - `leave_revision`, for leave alone: recording leave makes nobody read every plan again.
-- - `people_revision`, for who the Schedule lists (people joining, leaving, renamed, given a role or
--   a work location): only the columns it reads, so a sign-in or a new password changes none.

-- The revision this transaction commits under, raised by its first call.
CREATE OR REPLACE FUNCTION "plan_revision_of_transaction"() RETURNS bigint LANGUAGE plpgsql AS $$
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
$$;

-- The projects whose plans read a row of a table: its own project, or, for what plans share (a
-- cluster, a role, a template, the catalog), every project with a card that uses it. Rows already
-- gone (a cascade) give none: the row whose deletion cascaded names the project itself.
CREATE OR REPLACE FUNCTION "projects_reading"(tbl text, r jsonb) RETURNS uuid[] LANGUAGE plpgsql STABLE AS $$
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
$$;

-- The part of a row the plans read.
CREATE OR REPLACE FUNCTION "read_by_plans"(tbl text, r jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'roles' THEN jsonb_build_object('id', r->'id', 'name', r->'name')
    WHEN 'clusters' THEN r - 'description' - 'created_at'
    ELSE r
  END
$$;

-- A row trigger, deferred to the commit: raises the revision, then notes the projects the row's old
-- and new versions are read by, each once per transaction and project. A tag is the most frequent
-- change to a plan and changes only who is tagged, so a change to anything of a plan but its tags
-- notes the project in project_plan_revisions too. Tags come in runs of one instance (a save, a
-- bulk insert): the last instance looked up is remembered, so a run costs one look-up.
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

-- A TRUNCATE touches every plan at once.
CREATE OR REPLACE FUNCTION "note_plans_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted bigint := "plan_revision_of_transaction"();
BEGIN
  UPDATE "plan_revision" SET "every_project_revision" = counted WHERE "id" = 1;
  RETURN NULL;
END
$$;

-- Leave's own counter, by the same rule.
CREATE OR REPLACE FUNCTION "raise_leave_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.leave_revision_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.leave_revision_raised', 'yes', true);
    UPDATE "plan_revision" SET "leave_revision" = "leave_revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;

-- Who the Schedule lists, by the same rule.
CREATE OR REPLACE FUNCTION "raise_people_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.people_revision_raised', true), '') <> 'yes' THEN
    PERFORM set_config('portal.people_revision_raised', 'yes', true);
    UPDATE "plan_revision" SET "people_revision" = "people_revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;

-- The tables each counter watches. planning_roles (a planning type's roles and their cluster groups,
-- what templates are made from) is read by no plan, but a write there costs a reread, never a wrong
-- answer. audit_entries is watched by none: recording a change must not unsettle kept readings.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['roles', 'categories', 'entities', 'clusters', 'projects', 'plannings', 'planning_roles', 'resource_planning_templates', 'template_items', 'project_resource_instances', 'project_entities', 'project_entity_user_mappings', 'site_overrides'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched || '_note_plan_change', watched);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched || '_truncate_notes_every_plan', watched);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "note_plan_change"()', watched || '_note_plan_change', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "note_plans_truncated"()', watched || '_truncate_notes_every_plan', watched);
  END LOOP;
  DROP TRIGGER IF EXISTS "leave_raise_leave_revision" ON "leave";
  DROP TRIGGER IF EXISTS "leave_truncate_raises_leave_revision" ON "leave";
  CREATE CONSTRAINT TRIGGER "leave_raise_leave_revision" AFTER INSERT OR UPDATE OR DELETE ON "leave" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_leave_revision"();
  CREATE TRIGGER "leave_truncate_raises_leave_revision" AFTER TRUNCATE ON "leave" FOR EACH STATEMENT EXECUTE FUNCTION "raise_leave_revision"();
  DROP TRIGGER IF EXISTS "users_raise_people_revision" ON "users";
  DROP TRIGGER IF EXISTS "users_truncate_raises_people_revision" ON "users";
  DROP TRIGGER IF EXISTS "profiles_raise_people_revision" ON "profiles";
  DROP TRIGGER IF EXISTS "profiles_truncate_raises_people_revision" ON "profiles";
  CREATE CONSTRAINT TRIGGER "users_raise_people_revision" AFTER INSERT OR DELETE OR UPDATE OF "email", "full_name", "role_id", "status" ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_people_revision"();
  CREATE TRIGGER "users_truncate_raises_people_revision" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "raise_people_revision"();
  CREATE CONSTRAINT TRIGGER "profiles_raise_people_revision" AFTER INSERT OR DELETE OR UPDATE OF "professional" ON "profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_people_revision"();
  CREATE TRIGGER "profiles_truncate_raises_people_revision" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "raise_people_revision"();
END
$$;
