CREATE TABLE "fto_binder_events" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"binder_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_phase" text,
	"to_phase" text,
	"reason" text,
	"actor_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_binder_events_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_binder_trainers" (
	"agency_id" uuid NOT NULL,
	"binder_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	"trainer_id" uuid NOT NULL,
	CONSTRAINT "fto_binder_trainers_agency_id_binder_id_phase_key_trainer_id_pk" PRIMARY KEY("agency_id","binder_id","phase_key","trainer_id")
);
--> statement-breakpoint
CREATE TABLE "fto_binders" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trainee_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"program_version_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"phase_key" text NOT NULL,
	"phase_started_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_binders_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_dor_revisions" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"dor_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"reason" text NOT NULL,
	"amended_by" uuid NOT NULL,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_dor_revisions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_dors" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"binder_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"trainee_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	"shift_date" date NOT NULL,
	"shift" text NOT NULL,
	"content" jsonb NOT NULL,
	"failing" integer DEFAULT 0 NOT NULL,
	"remedial_minutes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"trainee_comment" text,
	"completed_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"revision" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_dors_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_program_versions" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_program_versions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "fto_programs" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"current_version_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fto_programs_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "fto_binder_events" ADD CONSTRAINT "fto_binder_events_agency_id_binder_id_fto_binders_agency_id_id_fk" FOREIGN KEY ("agency_id","binder_id") REFERENCES "public"."fto_binders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_binder_events" ADD CONSTRAINT "fto_binder_events_agency_id_actor_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","actor_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_binder_trainers" ADD CONSTRAINT "fto_binder_trainers_agency_id_binder_id_fto_binders_agency_id_id_fk" FOREIGN KEY ("agency_id","binder_id") REFERENCES "public"."fto_binders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_binder_trainers" ADD CONSTRAINT "fto_binder_trainers_agency_id_trainer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","trainer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD CONSTRAINT "fto_binders_agency_id_trainee_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","trainee_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_binders" ADD CONSTRAINT "fto_binders_agency_id_program_version_id_fto_program_versions_agency_id_id_fk" FOREIGN KEY ("agency_id","program_version_id") REFERENCES "public"."fto_program_versions"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dor_revisions" ADD CONSTRAINT "fto_dor_revisions_agency_id_dor_id_fto_dors_agency_id_id_fk" FOREIGN KEY ("agency_id","dor_id") REFERENCES "public"."fto_dors"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dor_revisions" ADD CONSTRAINT "fto_dor_revisions_agency_id_amended_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","amended_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dors" ADD CONSTRAINT "fto_dors_agency_id_binder_id_fto_binders_agency_id_id_fk" FOREIGN KEY ("agency_id","binder_id") REFERENCES "public"."fto_binders"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dors" ADD CONSTRAINT "fto_dors_agency_id_trainee_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","trainee_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dors" ADD CONSTRAINT "fto_dors_agency_id_trainer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","trainer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_dors" ADD CONSTRAINT "fto_dors_agency_id_approved_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","approved_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_program_versions" ADD CONSTRAINT "fto_program_versions_agency_id_program_id_fto_programs_agency_id_id_fk" FOREIGN KEY ("agency_id","program_id") REFERENCES "public"."fto_programs"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fto_program_versions" ADD CONSTRAINT "fto_program_versions_agency_id_created_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","created_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fto_binder_events_binder_idx" ON "fto_binder_events" USING btree ("agency_id","binder_id","at");--> statement-breakpoint
CREATE INDEX "fto_binder_trainers_trainer_idx" ON "fto_binder_trainers" USING btree ("agency_id","trainer_id","binder_id");--> statement-breakpoint
CREATE INDEX "fto_binders_trainee_idx" ON "fto_binders" USING btree ("agency_id","trainee_id");--> statement-breakpoint
CREATE INDEX "fto_binders_list_idx" ON "fto_binders" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fto_dor_revisions_key" ON "fto_dor_revisions" USING btree ("agency_id","dor_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "fto_dors_number_key" ON "fto_dors" USING btree ("agency_id","binder_id","number");--> statement-breakpoint
CREATE INDEX "fto_dors_binder_idx" ON "fto_dors" USING btree ("agency_id","binder_id","shift_date","id");--> statement-breakpoint
CREATE INDEX "fto_dors_trainer_status_idx" ON "fto_dors" USING btree ("agency_id","trainer_id","status");--> statement-breakpoint
CREATE INDEX "fto_dors_trainee_status_idx" ON "fto_dors" USING btree ("agency_id","trainee_id","status");--> statement-breakpoint
CREATE INDEX "fto_dors_status_idx" ON "fto_dors" USING btree ("agency_id","status","shift_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fto_program_versions_number_key" ON "fto_program_versions" USING btree ("agency_id","program_id","number");--> statement-breakpoint
ALTER TABLE fto_programs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_programs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_programs AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_program_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_program_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_program_versions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_binders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_binders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_binders AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_binder_trainers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_binder_trainers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_binder_trainers AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_binder_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_binder_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_binder_events AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_dors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_dors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_dors AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE fto_dor_revisions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fto_dor_revisions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fto_dor_revisions AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- Nothing of field training is ever deleted: records are retired or released with a reason. Only a
-- binder's trainer assignments are replaced. Program versions, binder events and DOR revisions are append-only.
GRANT SELECT, INSERT, UPDATE ON fto_programs, fto_binders, fto_dors TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON fto_binder_trainers TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON fto_program_versions, fto_binder_events, fto_dor_revisions TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE fto_binder_events_id_seq, fto_dor_revisions_id_seq TO precinct_app;
