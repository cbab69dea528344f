CREATE TABLE "report_ai_drafts" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"type_key" text NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"transcript_sha256" text NOT NULL,
	"passages" jsonb NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"duration_ms" integer NOT NULL,
	"report_id" uuid,
	"acknowledgement" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_ai_drafts_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "ai_draft_id" uuid;--> statement-breakpoint
ALTER TABLE "report_ai_drafts" ADD CONSTRAINT "report_ai_drafts_agency_id_created_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","created_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ai_drafts" ADD CONSTRAINT "report_ai_drafts_agency_id_report_id_reports_agency_id_id_fk" FOREIGN KEY ("agency_id","report_id") REFERENCES "public"."reports"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_ai_drafts_creator_idx" ON "report_ai_drafts" USING btree ("agency_id","created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_ai_drafts_report_key" ON "report_ai_drafts" USING btree ("agency_id","report_id");--> statement-breakpoint
ALTER TABLE report_ai_drafts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_ai_drafts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_ai_drafts AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- An AI draft is a record of what the model was given and answered: never deleted; only its use is recorded.
GRANT SELECT, INSERT, UPDATE ON report_ai_drafts TO precinct_app;
