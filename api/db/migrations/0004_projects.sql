CREATE TABLE "project_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_entity_user_mappings" (
	"project_entity_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_entity_user_mappings_project_entity_id_role_id_cluster_id_user_id_pk" PRIMARY KEY("project_entity_id","role_id","cluster_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_resource_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"planning_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_resource_instances_combo" UNIQUE("project_id","category_id","entity_id","planning_id")
);
--> statement-breakpoint
CREATE TABLE "site_overrides" (
	"project_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_overrides_project_id_cluster_id_pk" PRIMARY KEY("project_id","cluster_id"),
	CONSTRAINT "site_overrides_dates_ordered" CHECK ("site_overrides"."start_date" is null or "site_overrides"."end_date" is null or "site_overrides"."end_date" >= "site_overrides"."start_date")
);
--> statement-breakpoint
ALTER TABLE "project_entities" ADD CONSTRAINT "project_entities_instance_id_project_resource_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."project_resource_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_entity_user_mappings" ADD CONSTRAINT "project_entity_user_mappings_project_entity_id_project_entities_id_fk" FOREIGN KEY ("project_entity_id") REFERENCES "public"."project_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_entity_user_mappings" ADD CONSTRAINT "project_entity_user_mappings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_entity_user_mappings" ADD CONSTRAINT "project_entity_user_mappings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_entity_user_mappings" ADD CONSTRAINT "project_entity_user_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_resource_instances" ADD CONSTRAINT "project_resource_instances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_resource_instances" ADD CONSTRAINT "project_resource_instances_planning_fk" FOREIGN KEY ("planning_id","category_id","entity_id") REFERENCES "public"."plannings"("id","category_id","entity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_overrides" ADD CONSTRAINT "site_overrides_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_overrides" ADD CONSTRAINT "site_overrides_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_entities_instance" ON "project_entities" USING btree ("instance_id","position");--> statement-breakpoint
CREATE INDEX "project_entity_user_mappings_user" ON "project_entity_user_mappings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_entity_user_mappings_cluster" ON "project_entity_user_mappings" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "project_resource_instances_planning" ON "project_resource_instances" USING btree ("planning_id");--> statement-breakpoint
CREATE INDEX "site_overrides_cluster" ON "site_overrides" USING btree ("cluster_id");