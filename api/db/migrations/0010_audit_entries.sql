-- The audit log. No foreign keys: an entry outlives what it names. Not watched by the
-- revision triggers of migrations 0007-0009: recording a change must not unsettle kept readings.
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"label" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject_id" uuid,
	"project_id" uuid,
	CONSTRAINT "audit_entries_action" CHECK ("audit_entries"."action" in ('created', 'changed', 'removed'))
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor" ON "audit_entries" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_subject" ON "audit_entries" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_project" ON "audit_entries" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_type" ON "audit_entries" USING btree ("entity_type","at");