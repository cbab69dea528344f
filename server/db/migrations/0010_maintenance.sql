CREATE TABLE "maintenance_intervals" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"category" text NOT NULL,
	"every_miles" integer,
	"every_days" integer,
	"last_done_at" timestamp with time zone NOT NULL,
	"last_done_odometer" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_intervals_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_intervals" ADD CONSTRAINT "maintenance_intervals_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_intervals_vehicle_category_key" ON "maintenance_intervals" USING btree ("agency_id","vehicle_id","category");--> statement-breakpoint
ALTER TABLE maintenance_intervals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE maintenance_intervals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON maintenance_intervals AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON maintenance_intervals TO precinct_app;
