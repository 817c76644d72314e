ALTER TABLE "network_asset" ADD COLUMN "management_interface" text;--> statement-breakpoint
ALTER TABLE "mikrotik_script_version" ADD COLUMN "removal_script" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "svc" ADD COLUMN "delivery_interface_id" integer;--> statement-breakpoint
ALTER TABLE "svc" ADD CONSTRAINT "svc_delivery_interface_id_network_interface_id_fk" FOREIGN KEY ("delivery_interface_id") REFERENCES "public"."network_interface"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "svc_delivery_interface_idx" ON "svc" USING btree ("delivery_interface_id");