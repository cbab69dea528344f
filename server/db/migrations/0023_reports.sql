CREATE TABLE "report_revisions" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"report_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"event" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"comment" text,
	"content" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_revisions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"owner_id" uuid,
	"content" jsonb NOT NULL,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_templates_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"case_number" text NOT NULL,
	"supplement" integer DEFAULT 0 NOT NULL,
	"parent_id" uuid,
	"type_key" text NOT NULL,
	"type_label" text NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"guided_key" text,
	"template" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"content" jsonb NOT NULL,
	"occurred_at" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"people" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
	"review" jsonb,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_revisions" ADD CONSTRAINT "report_revisions_agency_id_report_id_reports_agency_id_id_fk" FOREIGN KEY ("agency_id","report_id") REFERENCES "public"."reports"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_revisions" ADD CONSTRAINT "report_revisions_agency_id_actor_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","actor_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_agency_id_owner_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","owner_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_agency_id_parent_id_reports_agency_id_id_fk" FOREIGN KEY ("agency_id","parent_id") REFERENCES "public"."reports"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_agency_id_author_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","author_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_agency_id_reviewer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","reviewer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_revisions_number_key" ON "report_revisions" USING btree ("agency_id","report_id","revision");--> statement-breakpoint
CREATE INDEX "report_templates_owner_idx" ON "report_templates" USING btree ("agency_id","scope","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_case_number_key" ON "reports" USING btree ("agency_id","case_number");--> statement-breakpoint
CREATE INDEX "reports_author_idx" ON "reports" USING btree ("agency_id","author_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("agency_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "reports_updated_idx" ON "reports" USING btree ("agency_id","updated_at");--> statement-breakpoint
CREATE INDEX "reports_occurred_idx" ON "reports" USING btree ("agency_id","occurred_at");--> statement-breakpoint
CREATE INDEX "reports_search_idx" ON "reports" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "reports_parent_idx" ON "reports" USING btree ("agency_id","parent_id");
--> statement-breakpoint
ALTER TABLE report_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_templates AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reports AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE report_revisions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_revisions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_revisions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- Nothing of a report is ever deleted: templates are retired, approved reports get supplements, and
-- revisions are append-only.
GRANT SELECT, INSERT, UPDATE ON report_templates, reports TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON report_revisions TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE report_revisions_id_seq TO precinct_app;
