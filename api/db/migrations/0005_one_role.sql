-- One role per person (DESIGN §4): the role picked on the profile becomes the account's role where
-- no role was granted; a granted role wins where the two differ. Permissions stay as they are (a
-- pick grants nothing), and history records nothing for the migration.
UPDATE "users" SET "role" = "roles"."name", "role_id" = "roles"."id"
FROM "profiles" JOIN "roles" ON "roles"."id" = "profiles"."job_role_id"
WHERE "profiles"."user_id" = "users"."id" AND "users"."role_id" IS NULL AND "users"."role" = 'User';
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_job_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "job_role_id";
