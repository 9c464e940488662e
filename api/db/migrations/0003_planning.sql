CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "clusters_dates_ordered" CHECK ("clusters"."start_date" is null or "clusters"."end_date" is null or "clusters"."end_date" >= "clusters"."start_date")
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entities_id_category" UNIQUE("id","category_id")
);
--> statement-breakpoint
CREATE TABLE "planning_roles" (
	"planning_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"clusters" jsonb NOT NULL,
	CONSTRAINT "planning_roles_planning_id_role_id_pk" PRIMARY KEY("planning_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "plannings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"type_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plannings_id_scope" UNIQUE("id","category_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"global_category_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_planning_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"planning_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_planning_templates_combo" UNIQUE("category_id","entity_id","planning_id")
);
--> statement-breakpoint
CREATE TABLE "template_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"cluster_ids" jsonb NOT NULL,
	"planned_people" integer DEFAULT 0 NOT NULL,
	"is_interchange" boolean DEFAULT false NOT NULL,
	"interchanges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "template_items_planned_people" CHECK ("template_items"."planned_people" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_entity_fk" FOREIGN KEY ("entity_id","category_id") REFERENCES "public"."entities"("id","category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_roles" ADD CONSTRAINT "planning_roles_planning_id_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_roles" ADD CONSTRAINT "planning_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_entity_fk" FOREIGN KEY ("entity_id","category_id") REFERENCES "public"."entities"("id","category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_global_category_id_categories_id_fk" FOREIGN KEY ("global_category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_planning_templates" ADD CONSTRAINT "resource_planning_templates_planning_fk" FOREIGN KEY ("planning_id","category_id","entity_id") REFERENCES "public"."plannings"("id","category_id","entity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_template_id_resource_planning_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."resource_planning_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_entity_name_lower" ON "clusters" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "clusters_category" ON "clusters" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_category_name_lower" ON "entities" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "planning_roles_role" ON "planning_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plannings_entity_type_name_lower" ON "plannings" USING btree ("entity_id",lower("type_name"));--> statement-breakpoint
CREATE INDEX "plannings_category" ON "plannings" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_lower" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "projects_global_category" ON "projects" USING btree ("global_category_id");--> statement-breakpoint
CREATE INDEX "resource_planning_templates_planning" ON "resource_planning_templates" USING btree ("planning_id");--> statement-breakpoint
CREATE INDEX "template_items_template" ON "template_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_items_role" ON "template_items" USING btree ("role_id");