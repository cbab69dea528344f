CREATE TABLE "schedule_assignments" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_assignments_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_day_notes" (
	"agency_id" uuid NOT NULL,
	"date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"officer_in_charge_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_day_notes_agency_id_date_pk" PRIMARY KEY("agency_id","date")
);
--> statement-breakpoint
CREATE TABLE "schedule_feeds" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_feeds_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_groups" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"name" text NOT NULL,
	"supervisor_id" uuid,
	"rotation" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_groups_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_minimums" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_type_id" uuid NOT NULL,
	"group_id" uuid,
	"position" text,
	"minimum" integer NOT NULL,
	CONSTRAINT "schedule_minimums_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_shift_changes" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid,
	"user_id" uuid,
	"shift_date" text,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_shift_changes_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_shift_types" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"counts_toward_staffing" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_shift_types_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_shifts" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid,
	"shift_type_id" uuid NOT NULL,
	"position" text NOT NULL,
	"date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"from_rotation" boolean DEFAULT false NOT NULL,
	"time_off_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_shifts_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_time_off_ledger" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"entry" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_time_off_ledger_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_time_off_requests" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_time_off_requests_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_time_off_types" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"accrual_hours_per_month" numeric(8, 2) DEFAULT 0 NOT NULL,
	"max_carry_over_hours" numeric(8, 2) DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_time_off_types_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_agency_id_group_id_schedule_groups_agency_id_id_fk" FOREIGN KEY ("agency_id","group_id") REFERENCES "public"."schedule_groups"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_assignments" ADD CONSTRAINT "schedule_assignments_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_day_notes" ADD CONSTRAINT "schedule_day_notes_agency_id_officer_in_charge_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","officer_in_charge_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_feeds" ADD CONSTRAINT "schedule_feeds_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_groups" ADD CONSTRAINT "schedule_groups_agency_id_schedule_id_schedules_agency_id_id_fk" FOREIGN KEY ("agency_id","schedule_id") REFERENCES "public"."schedules"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_groups" ADD CONSTRAINT "schedule_groups_agency_id_supervisor_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","supervisor_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_minimums" ADD CONSTRAINT "schedule_minimums_agency_id_shift_type_id_schedule_shift_types_agency_id_id_fk" FOREIGN KEY ("agency_id","shift_type_id") REFERENCES "public"."schedule_shift_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_minimums" ADD CONSTRAINT "schedule_minimums_agency_id_group_id_schedule_groups_agency_id_id_fk" FOREIGN KEY ("agency_id","group_id") REFERENCES "public"."schedule_groups"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_shifts" ADD CONSTRAINT "schedule_shifts_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_shifts" ADD CONSTRAINT "schedule_shifts_agency_id_shift_type_id_schedule_shift_types_agency_id_id_fk" FOREIGN KEY ("agency_id","shift_type_id") REFERENCES "public"."schedule_shift_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_shifts" ADD CONSTRAINT "schedule_shifts_agency_id_group_id_schedule_groups_agency_id_id_fk" FOREIGN KEY ("agency_id","group_id") REFERENCES "public"."schedule_groups"("agency_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_time_off_ledger" ADD CONSTRAINT "schedule_time_off_ledger_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_time_off_ledger" ADD CONSTRAINT "schedule_time_off_ledger_agency_id_type_id_schedule_time_off_types_agency_id_id_fk" FOREIGN KEY ("agency_id","type_id") REFERENCES "public"."schedule_time_off_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_time_off_requests" ADD CONSTRAINT "schedule_time_off_requests_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_time_off_requests" ADD CONSTRAINT "schedule_time_off_requests_agency_id_type_id_schedule_time_off_types_agency_id_id_fk" FOREIGN KEY ("agency_id","type_id") REFERENCES "public"."schedule_time_off_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_assignments_member_key" ON "schedule_assignments" USING btree ("agency_id","group_id","user_id");--> statement-breakpoint
CREATE INDEX "schedule_assignments_user_idx" ON "schedule_assignments" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_feeds_token_key" ON "schedule_feeds" USING btree ("agency_id","token_hash");--> statement-breakpoint
CREATE INDEX "schedule_groups_schedule_idx" ON "schedule_groups" USING btree ("agency_id","schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_shift_changes_shift_idx" ON "schedule_shift_changes" USING btree ("agency_id","shift_id","at");--> statement-breakpoint
CREATE INDEX "schedule_shift_changes_at_idx" ON "schedule_shift_changes" USING btree ("agency_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_shift_types_code_key" ON "schedule_shift_types" USING btree ("agency_id","code");--> statement-breakpoint
CREATE INDEX "schedule_shifts_date_idx" ON "schedule_shifts" USING btree ("agency_id","date");--> statement-breakpoint
CREATE INDEX "schedule_shifts_user_idx" ON "schedule_shifts" USING btree ("agency_id","user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_shifts_person_type_day_key" ON "schedule_shifts" USING btree ("agency_id","user_id","date","shift_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_time_off_ledger_entry_key" ON "schedule_time_off_ledger" USING btree ("agency_id","user_id","type_id","entry");--> statement-breakpoint
CREATE INDEX "schedule_time_off_requests_user_idx" ON "schedule_time_off_requests" USING btree ("agency_id","user_id","starts_on");--> statement-breakpoint
CREATE INDEX "schedule_time_off_requests_status_idx" ON "schedule_time_off_requests" USING btree ("agency_id","status","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_time_off_types_name_key" ON "schedule_time_off_types" USING btree ("agency_id","name");
--> statement-breakpoint
ALTER TABLE schedule_shift_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_shift_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_shift_types AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedules AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_groups AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_assignments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_assignments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_assignments AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_minimums ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_minimums FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_minimums AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_shifts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_shifts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_shifts AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_shift_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_shift_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_shift_changes AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_day_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_day_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_day_notes AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_time_off_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_time_off_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_time_off_types AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_time_off_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_time_off_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_time_off_requests AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_time_off_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_time_off_ledger FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_time_off_ledger AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_feeds AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
-- Set-up records are archived, not deleted (shifts and history point at them), except an assignment
-- and a minimum; shifts are removed by the scheduler (their history stays); the change history and the
-- time-off ledger are append-only; a feed is deleted when revoked.
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON schedule_shift_types, schedules, schedule_groups, schedule_day_notes, schedule_time_off_types, schedule_time_off_requests TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON schedule_assignments, schedule_minimums, schedule_shifts, schedule_feeds TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON schedule_shift_changes, schedule_time_off_ledger TO precinct_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE schedule_time_off_ledger_id_seq TO precinct_app;
