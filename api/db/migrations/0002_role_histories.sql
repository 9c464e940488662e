CREATE TABLE "role_histories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"initial_role_id" uuid,
	"initial_role_name" text NOT NULL,
	"new_role_id" uuid,
	"new_role_name" text NOT NULL,
	"updated_by_id" uuid,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_histories" ADD CONSTRAINT "role_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_histories" ADD CONSTRAINT "role_histories_initial_role_id_roles_id_fk" FOREIGN KEY ("initial_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_histories" ADD CONSTRAINT "role_histories_new_role_id_roles_id_fk" FOREIGN KEY ("new_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_histories" ADD CONSTRAINT "role_histories_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_histories_updated" ON "role_histories" USING btree ("updated_at");--> statement-breakpoint
-- Accounts made administrators before roles were linked get the Admin role row.
UPDATE "users" SET "role_id" = (SELECT "id" FROM "roles" WHERE "name" = 'Admin') WHERE "role" = 'Admin' AND "role_id" IS NULL;
