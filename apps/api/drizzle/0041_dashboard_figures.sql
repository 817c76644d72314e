CREATE TABLE "dashboard_figures" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_figures" ADD CONSTRAINT "dashboard_figures_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;