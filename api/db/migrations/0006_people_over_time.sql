CREATE TABLE "leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leave_dates_ordered" CHECK ("leave"."end_date" >= "leave"."start_date")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "lead_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave" ADD CONSTRAINT "leave_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_user" ON "leave" USING btree ("user_id","start_date");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_lead_months_range" CHECK ("roles"."lead_months" between 0 and 24);