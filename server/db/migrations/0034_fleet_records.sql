-- Basic fleet records (issue 22, point 5): the vendor list (replacing the free-text vendor of service
-- requests and work orders), the fuel log, the vehicle's document expiry dates and the reminders sent
-- before they lapse. Tenant tables: row-level security enabled and forced, the tenant policy, the app's
-- grants. Each agency's distinct vendor names become its first vendors, before the text columns go.
CREATE TABLE "fuel_entries" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"filled_at" timestamp with time zone NOT NULL,
	"quantity_thousandths" integer NOT NULL,
	"unit" text NOT NULL,
	"total_cents" integer NOT NULL,
	"odometer" integer NOT NULL,
	"full_tank" boolean NOT NULL,
	"vendor_id" uuid,
	"entered_by" uuid NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuel_entries_agency_id_id_pk" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "fuel_entries_amounts" CHECK ("fuel_entries"."quantity_thousandths" > 0 and "fuel_entries"."total_cents" >= 0 and "fuel_entries"."odometer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_document_reminders" (
	"agency_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"document" text NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_document_reminders_agency_id_vehicle_id_document_expires_on_days_before_pk" PRIMARY KEY("agency_id","vehicle_id","document","expires_on","days_before")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"account_number" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_one_assignee";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "registration_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "inspection_expires_on" date;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_agency_id_vendor_id_vendors_agency_id_id_fk" FOREIGN KEY ("agency_id","vendor_id") REFERENCES "public"."vendors"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_entries" ADD CONSTRAINT "fuel_entries_agency_id_entered_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","entered_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_document_reminders" ADD CONSTRAINT "vehicle_document_reminders_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fuel_entries_time_idx" ON "fuel_entries" USING btree ("agency_id","filled_at","id");--> statement-breakpoint
CREATE INDEX "fuel_entries_vehicle_idx" ON "fuel_entries" USING btree ("agency_id","vehicle_id","filled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_key" ON "vendors" USING btree ("agency_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vendors_active_name_idx" ON "vendors" USING btree ("agency_id","active","name","id");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_agency_id_vendor_id_vendors_agency_id_id_fk" FOREIGN KEY ("agency_id","vendor_id") REFERENCES "public"."vendors"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_agency_id_vendor_id_vendors_agency_id_id_fk" FOREIGN KEY ("agency_id","vendor_id") REFERENCES "public"."vendors"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The data move runs as the owner: forced row-level security is lifted for it and put back at once.
ALTER TABLE service_requests NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_orders NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO vendors (agency_id, name)
SELECT DISTINCT ON (agency_id, lower(name)) agency_id, name
FROM (
  SELECT agency_id, btrim(vendor) AS name, created_at FROM service_requests WHERE btrim(coalesce(vendor, '')) <> ''
  UNION ALL
  SELECT agency_id, btrim(vendor) AS name, created_at FROM work_orders WHERE btrim(coalesce(vendor, '')) <> ''
) named
ORDER BY agency_id, lower(name), created_at;
--> statement-breakpoint
UPDATE service_requests SET vendor_id = v.id FROM vendors v
WHERE v.agency_id = service_requests.agency_id AND lower(v.name) = lower(btrim(service_requests.vendor));
--> statement-breakpoint
UPDATE work_orders SET vendor_id = v.id FROM vendors v
WHERE v.agency_id = work_orders.agency_id AND lower(v.name) = lower(btrim(work_orders.vendor));
--> statement-breakpoint
ALTER TABLE service_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "vendor";--> statement-breakpoint
ALTER TABLE "work_orders" DROP COLUMN "vendor";--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_one_assignee" CHECK ("service_requests"."assignee_id" is null or "service_requests"."vendor_id" is null);
--> statement-breakpoint
ALTER TABLE vendors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vendors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vendors AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fuel_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fuel_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fuel_entries AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE vehicle_document_reminders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vehicle_document_reminders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vehicle_document_reminders AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON vendors TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON fuel_entries TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON vehicle_document_reminders TO precinct_app;
