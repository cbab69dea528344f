CREATE TABLE "notifications" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_recent_idx" ON "notifications" USING btree ("agency_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notifications AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notifications TO precinct_app;
