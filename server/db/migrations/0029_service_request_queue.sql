-- The service-request queue (issue 22, point 3): a priority, who works a request (a person of the
-- agency, or an outside vendor named in the existing vendor column, never both) and a due date; the
-- queue of every status lists open requests first. New columns on an existing table: its row-level
-- security and grants already cover them.
ALTER TABLE "service_requests" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_agency_id_assignee_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","assignee_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_open_first_idx" ON "service_requests" USING btree ("agency_id",("status" in ('completed', 'declined')),"created_at","number");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_one_assignee" CHECK ("service_requests"."assignee_id" is null or "service_requests"."vendor" is null);
