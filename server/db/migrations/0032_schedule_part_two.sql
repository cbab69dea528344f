CREATE TABLE "schedule_overtime_offers" (
	"agency_id" uuid NOT NULL,
	"overtime_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"offered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "schedule_overtime_offers_agency_id_overtime_id_user_id_pk" PRIMARY KEY("agency_id","overtime_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_overtime_shifts" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_type_id" uuid NOT NULL,
	"group_id" uuid,
	"position" text NOT NULL,
	"date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"slots" integer DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"rule" text NOT NULL,
	"mode" text NOT NULL,
	"signup_deadline" timestamp with time zone NOT NULL,
	"offer_wait_minutes" integer DEFAULT 30 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"from_gap" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_overtime_shifts_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_overtime_signups" (
	"agency_id" uuid NOT NULL,
	"overtime_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'signed_up' NOT NULL,
	"skip_reason" text,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "schedule_overtime_signups_agency_id_overtime_id_user_id_pk" PRIMARY KEY("agency_id","overtime_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_allcall_recipients" (
	"agency_id" uuid NOT NULL,
	"allcall_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"via" text,
	"sms_to" text,
	CONSTRAINT "schedule_allcall_recipients_agency_id_allcall_id_user_id_pk" PRIMARY KEY("agency_id","allcall_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_allcalls" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"shift_type_id" uuid NOT NULL,
	"position" text NOT NULL,
	"date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"positions" text[] DEFAULT '{}'::text[] NOT NULL,
	"tiers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"filled_by" uuid,
	"filled_at" timestamp with time zone,
	"shift_id" uuid,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_allcalls_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_people" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seniority_date" text,
	"all_call_tier" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_people_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_trades" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"shift_date" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"recipient_shift_id" uuid,
	"recipient_shift_date" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"arranged_by" uuid,
	"accepted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_trades_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "schedule_shifts" ADD COLUMN "overtime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_overtime_offers" ADD CONSTRAINT "schedule_overtime_offers_agency_id_overtime_id_schedule_overtime_shifts_agency_id_id_fk" FOREIGN KEY ("agency_id","overtime_id") REFERENCES "public"."schedule_overtime_shifts"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_overtime_offers" ADD CONSTRAINT "schedule_overtime_offers_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_overtime_shifts" ADD CONSTRAINT "schedule_overtime_shifts_agency_id_shift_type_id_schedule_shift_types_agency_id_id_fk" FOREIGN KEY ("agency_id","shift_type_id") REFERENCES "public"."schedule_shift_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_overtime_shifts" ADD CONSTRAINT "schedule_overtime_shifts_agency_id_group_id_schedule_groups_agency_id_id_fk" FOREIGN KEY ("agency_id","group_id") REFERENCES "public"."schedule_groups"("agency_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_overtime_signups" ADD CONSTRAINT "schedule_overtime_signups_agency_id_overtime_id_schedule_overtime_shifts_agency_id_id_fk" FOREIGN KEY ("agency_id","overtime_id") REFERENCES "public"."schedule_overtime_shifts"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_overtime_signups" ADD CONSTRAINT "schedule_overtime_signups_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_allcall_recipients" ADD CONSTRAINT "schedule_allcall_recipients_agency_id_allcall_id_schedule_allcalls_agency_id_id_fk" FOREIGN KEY ("agency_id","allcall_id") REFERENCES "public"."schedule_allcalls"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_allcall_recipients" ADD CONSTRAINT "schedule_allcall_recipients_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_allcalls" ADD CONSTRAINT "schedule_allcalls_agency_id_shift_type_id_schedule_shift_types_agency_id_id_fk" FOREIGN KEY ("agency_id","shift_type_id") REFERENCES "public"."schedule_shift_types"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_people" ADD CONSTRAINT "schedule_people_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_trades" ADD CONSTRAINT "schedule_trades_agency_id_requester_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","requester_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_trades" ADD CONSTRAINT "schedule_trades_agency_id_recipient_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","recipient_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_overtime_offers_user_idx" ON "schedule_overtime_offers" USING btree ("agency_id","user_id","status");--> statement-breakpoint
CREATE INDEX "schedule_overtime_shifts_status_idx" ON "schedule_overtime_shifts" USING btree ("agency_id","status","date");--> statement-breakpoint
CREATE INDEX "schedule_overtime_shifts_date_idx" ON "schedule_overtime_shifts" USING btree ("agency_id","date");--> statement-breakpoint
CREATE INDEX "schedule_overtime_signups_user_idx" ON "schedule_overtime_signups" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "schedule_allcall_recipients_user_idx" ON "schedule_allcall_recipients" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "schedule_allcall_recipients_sms_idx" ON "schedule_allcall_recipients" USING btree ("sms_to");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_allcalls_number_key" ON "schedule_allcalls" USING btree ("agency_id","number");--> statement-breakpoint
CREATE INDEX "schedule_allcalls_status_idx" ON "schedule_allcalls" USING btree ("agency_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "schedule_trades_requester_idx" ON "schedule_trades" USING btree ("agency_id","requester_id","status");--> statement-breakpoint
CREATE INDEX "schedule_trades_recipient_idx" ON "schedule_trades" USING btree ("agency_id","recipient_id","status");--> statement-breakpoint
CREATE INDEX "schedule_trades_status_idx" ON "schedule_trades" USING btree ("agency_id","status","shift_date");
--> statement-breakpoint
ALTER TABLE schedule_people ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_people FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_people AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_overtime_shifts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_overtime_shifts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_overtime_shifts AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_overtime_signups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_overtime_signups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_overtime_signups AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_overtime_offers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_overtime_offers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_overtime_offers AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_trades ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_trades FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_trades AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_allcalls ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_allcalls FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_allcalls AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE schedule_allcall_recipients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE schedule_allcall_recipients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON schedule_allcall_recipients AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON schedule_people, schedule_overtime_shifts, schedule_trades, schedule_allcalls, schedule_allcall_recipients TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON schedule_overtime_signups, schedule_overtime_offers TO precinct_app;
--> statement-breakpoint
-- A text reply ("417 YES") names a call's number and comes from a phone: these find the call it answers
-- across agencies, and nothing else (the rows a text went to).
CREATE POLICY allcall_sms_lookup ON schedule_allcall_recipients AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (sms_to IS NOT NULL);
--> statement-breakpoint
CREATE POLICY allcall_sms_lookup ON schedule_allcalls AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (true);
--> statement-breakpoint
CREATE FUNCTION precinct_allcall_for_sms(p_phone text, p_number integer)
RETURNS TABLE (agency_id uuid, allcall_id uuid, user_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT r.agency_id, r.allcall_id, r.user_id
    FROM schedule_allcall_recipients r
    JOIN schedule_allcalls c ON c.agency_id = r.agency_id AND c.id = r.allcall_id
   WHERE r.sms_to = p_phone AND c.number = p_number
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_allcall_for_sms(text, integer) FROM PUBLIC;
--> statement-breakpoint
-- The overtime sweep finds offers whose wait ran out in every agency (a job lost between a commit and its
-- send is caught by it): ids only.
CREATE POLICY overtime_offers_due ON schedule_overtime_offers AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (status = 'offered');
--> statement-breakpoint
CREATE FUNCTION precinct_overtime_offers_due()
RETURNS TABLE (agency_id uuid, overtime_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT DISTINCT o.agency_id, o.overtime_id FROM schedule_overtime_offers o
   WHERE o.status = 'offered' AND o.expires_at <= now()
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_overtime_offers_due() FROM PUBLIC;
