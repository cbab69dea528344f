CREATE TABLE "fto_binder_policies" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"binder_id" uuid NOT NULL,
	"policy_key" text NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_version" text,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "fto_binder_policies_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_reference_documents" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_reference_documents_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_task_signoffs" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"tasksheet_id" uuid NOT NULL,
	"task_key" text NOT NULL,
	"trainer_id" uuid NOT NULL,
	"signed_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid,
	"withdrawn_reason" text,
	CONSTRAINT "fto_task_signoffs_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_tasksheets" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"binder_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	CONSTRAINT "fto_tasksheets_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "fto_binder_policies" ADD CONSTRAINT "fto_binder_policies_agency_id_binder_id_fto_binders_agency_id_id_fk" FOREIGN KEY ("agency_id","binder_id") REFERENCES "public"."fto_binders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_reference_documents" ADD CONSTRAINT "fto_reference_documents_agency_id_program_id_fto_programs_agency_id_id_fk" FOREIGN KEY ("agency_id","program_id") REFERENCES "public"."fto_programs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_reference_documents" ADD CONSTRAINT "fto_reference_documents_agency_id_file_id_storage_objects_agency_id_id_fk" FOREIGN KEY ("agency_id","file_id") REFERENCES "public"."storage_objects"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_reference_documents" ADD CONSTRAINT "fto_reference_documents_agency_id_added_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","added_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_task_signoffs" ADD CONSTRAINT "fto_task_signoffs_agency_id_tasksheet_id_fto_tasksheets_agency_id_id_fk" FOREIGN KEY ("agency_id","tasksheet_id") REFERENCES "public"."fto_tasksheets"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_task_signoffs" ADD CONSTRAINT "fto_task_signoffs_agency_id_trainer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","trainer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_task_signoffs" ADD CONSTRAINT "fto_task_signoffs_agency_id_withdrawn_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","withdrawn_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_tasksheets" ADD CONSTRAINT "fto_tasksheets_agency_id_binder_id_fto_binders_agency_id_id_fk" FOREIGN KEY ("agency_id","binder_id") REFERENCES "public"."fto_binders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fto_binder_policies_key" ON "fto_binder_policies" USING btree ("agency_id","binder_id","policy_key");--> statement-breakpoint
CREATE INDEX "fto_binder_policies_open_idx" ON "fto_binder_policies" USING btree ("agency_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "fto_reference_documents_program_idx" ON "fto_reference_documents" USING btree ("agency_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fto_task_signoffs_current_key" ON "fto_task_signoffs" USING btree ("agency_id","tasksheet_id","task_key") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fto_tasksheets_phase_key" ON "fto_tasksheets" USING btree ("agency_id","binder_id","phase_key");--> statement-breakpoint
-- Binders opened before tasksheets and policies existed get theirs now, from the program version they started on.
INSERT INTO "fto_tasksheets" ("agency_id", "binder_id", "phase_key")
SELECT b."agency_id", b."id", phase->>'key'
FROM "fto_binders" b
JOIN "fto_program_versions" v ON v."agency_id" = b."agency_id" AND v."id" = b."program_version_id"
CROSS JOIN LATERAL jsonb_array_elements(v."content"->'phases') AS phase;
--> statement-breakpoint
INSERT INTO "fto_binder_policies" ("agency_id", "binder_id", "policy_key")
SELECT b."agency_id", b."id", policy->>'key'
FROM "fto_binders" b
JOIN "fto_program_versions" v ON v."agency_id" = b."agency_id" AND v."id" = b."program_version_id"
CROSS JOIN LATERAL jsonb_array_elements(v."content"->'policies') AS policy;
--> statement-breakpoint
ALTER TABLE fto_tasksheets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_tasksheets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_tasksheets AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_task_signoffs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_task_signoffs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_task_signoffs AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_binder_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_binder_policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_binder_policies AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_reference_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_reference_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_reference_documents AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- As the rest of field training, nothing here is deleted: a sign-off is withdrawn, a document retired.
GRANT SELECT, INSERT ON fto_tasksheets TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON fto_task_signoffs, fto_binder_policies, fto_reference_documents TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE fto_task_signoffs_id_seq TO precinct_app;
