-- Work orders (issue 22, point 4): one per service request, with its parts and labour lines, tax and
-- totals (whole cents, worked out by the server) and the office's attachments. Tenant tables: row-level
-- security enabled and forced, the tenant policy, and the app's grants (lines are rewritten on each save).
CREATE TABLE "work_order_lines" (
	"agency_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"part_number" text,
	"quantity_hundredths" integer NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "work_order_lines_agency_id_work_order_id_position_pk" PRIMARY KEY("agency_id","work_order_id","position"),
	CONSTRAINT "work_order_lines_amounts" CHECK ("work_order_lines"."quantity_hundredths" > 0 and "work_order_lines"."unit_cost_cents" >= 0 and "work_order_lines"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"service_request_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"vendor" text,
	"tax_rate_thousandths" integer DEFAULT 0 NOT NULL,
	"tax_labour" boolean DEFAULT false NOT NULL,
	"parts_cents" integer DEFAULT 0 NOT NULL,
	"labour_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_agency_id_id_pk" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "work_orders_amounts" CHECK ("work_orders"."parts_cents" >= 0 and "work_orders"."labour_cents" >= 0 and "work_orders"."tax_cents" >= 0 and "work_orders"."total_cents" = "work_orders"."parts_cents" + "work_orders"."labour_cents" + "work_orders"."tax_cents")
);
--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_agency_id_work_order_id_work_orders_agency_id_id_fk" FOREIGN KEY ("agency_id","work_order_id") REFERENCES "public"."work_orders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_agency_id_service_request_id_service_requests_agency_id_id_fk" FOREIGN KEY ("agency_id","service_request_id") REFERENCES "public"."service_requests"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_agency_id_created_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","created_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_key" ON "work_orders" USING btree ("agency_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_request_key" ON "work_orders" USING btree ("agency_id","service_request_id");--> statement-breakpoint
CREATE INDEX "work_orders_vehicle_idx" ON "work_orders" USING btree ("agency_id","vehicle_id","created_at");--> statement-breakpoint
ALTER TABLE work_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON work_orders AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE work_order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE work_order_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON work_order_lines AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON work_orders TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON work_order_lines TO precinct_app;
