CREATE TABLE "citation_revisions" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"citation_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"event" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"reason" text,
	"content" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citation_revisions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "citation_statutes" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"fine_cents" integer,
	"points" integer DEFAULT 0 NOT NULL,
	"moving" boolean DEFAULT false NOT NULL,
	"speeding" boolean DEFAULT false NOT NULL,
	"effective_from" text NOT NULL,
	"effective_to" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citation_statutes_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "citation_stops" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"officer_id" uuid NOT NULL,
	"occurred_at" text NOT NULL,
	"occurred_instant" timestamp with time zone,
	"location" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"person" jsonb NOT NULL,
	"vehicle" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citation_stops_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "citations" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"number" text,
	"sequence" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"officer_id" uuid NOT NULL,
	"occurred_at" text NOT NULL,
	"occurred_on" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"violator_name" text DEFAULT '' NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"statute_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_fine_cents" integer DEFAULT 0 NOT NULL,
	"appearance_date" text,
	"court_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"void_reason" text,
	"voided_by" uuid,
	"voided_at" timestamp with time zone,
	"void_request" jsonb,
	"issued_at" timestamp with time zone,
	"filed_at" timestamp with time zone,
	"amended" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citations_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "citation_revisions" ADD CONSTRAINT "citation_revisions_agency_id_citation_id_citations_agency_id_id_fk" FOREIGN KEY ("agency_id","citation_id") REFERENCES "public"."citations"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_revisions" ADD CONSTRAINT "citation_revisions_agency_id_actor_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","actor_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_stops" ADD CONSTRAINT "citation_stops_agency_id_officer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","officer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_agency_id_stop_id_citation_stops_agency_id_id_fk" FOREIGN KEY ("agency_id","stop_id") REFERENCES "public"."citation_stops"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_agency_id_officer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","officer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_agency_id_voided_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","voided_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "citation_revisions_number_key" ON "citation_revisions" USING btree ("agency_id","citation_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "citation_statutes_code_key" ON "citation_statutes" USING btree ("agency_id","code","effective_from");--> statement-breakpoint
CREATE INDEX "citation_stops_officer_idx" ON "citation_stops" USING btree ("agency_id","officer_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "citations_number_key" ON "citations" USING btree ("agency_id","number") WHERE "citations"."number" is not null;--> statement-breakpoint
CREATE INDEX "citations_stop_idx" ON "citations" USING btree ("agency_id","stop_id","position");--> statement-breakpoint
CREATE INDEX "citations_officer_idx" ON "citations" USING btree ("agency_id","officer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "citations_occurred_idx" ON "citations" USING btree ("agency_id","occurred_at");--> statement-breakpoint
CREATE INDEX "citations_status_idx" ON "citations" USING btree ("agency_id","status","occurred_at");--> statement-breakpoint
CREATE INDEX "citations_void_request_idx" ON "citations" USING btree ("agency_id","occurred_at") WHERE "citations"."void_request" is not null;
--> statement-breakpoint
ALTER TABLE citation_statutes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE citation_statutes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON citation_statutes AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE citation_stops ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE citation_stops FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON citation_stops AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE citations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE citations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON citations AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE citation_revisions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE citation_revisions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON citation_revisions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- Statutes are ended with effective_to, never deleted (issued citations keep their text anyway). A
-- stop and its drafts are deleted when the officer discards them (they never had numbers); an issued
-- citation is never deleted (the server refuses), and revisions are append-only.
GRANT SELECT, INSERT, UPDATE ON citation_statutes TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON citation_stops, citations TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON citation_revisions TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE citation_revisions_id_seq TO precinct_app;
