CREATE TABLE "network_union_state" (
	"union_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"capacity_mbps" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_union_state" ADD CONSTRAINT "network_union_state_union_id_network_union_id_fk" FOREIGN KEY ("union_id") REFERENCES "public"."network_union"("id") ON DELETE cascade ON UPDATE no action;