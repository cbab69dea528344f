CREATE TABLE "productivity_attachments" (
	"agency_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_attachments_agency_id_task_id_file_id_pk" PRIMARY KEY("agency_id","task_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "productivity_checklist_items" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"text" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"done_by" uuid,
	"done_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_checklist_items_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_comments" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mention_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_comments_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_lists" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_lists_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_space_members" (
	"agency_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_space_members_agency_id_space_id_user_id_pk" PRIMARY KEY("agency_id","space_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "productivity_spaces" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"statuses" jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_spaces_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_task_assignees" (
	"agency_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_on" text,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_task_assignees_agency_id_task_id_user_id_pk" PRIMARY KEY("agency_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "productivity_task_links" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_task_links_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_task_shares" (
	"agency_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shared_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_task_shares_agency_id_task_id_user_id_pk" PRIMARY KEY("agency_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "productivity_task_watchers" (
	"agency_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_task_watchers_agency_id_task_id_user_id_pk" PRIMARY KEY("agency_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "productivity_tasks" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"start_on" text,
	"start_time" text,
	"due_on" text,
	"due_time" text,
	"due_at" timestamp with time zone,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recurrence" jsonb,
	"series_id" uuid,
	"closed_at" timestamp with time zone,
	"due_notice_on" text,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_tasks_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "productivity_templates" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productivity_templates_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "productivity_attachments" ADD CONSTRAINT "productivity_attachments_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_checklist_items" ADD CONSTRAINT "productivity_checklist_items_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_comments" ADD CONSTRAINT "productivity_comments_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_comments" ADD CONSTRAINT "productivity_comments_agency_id_author_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","author_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_lists" ADD CONSTRAINT "productivity_lists_agency_id_space_id_productivity_spaces_agency_id_id_fk" FOREIGN KEY ("agency_id","space_id") REFERENCES "public"."productivity_spaces"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_space_members" ADD CONSTRAINT "productivity_space_members_agency_id_space_id_productivity_spaces_agency_id_id_fk" FOREIGN KEY ("agency_id","space_id") REFERENCES "public"."productivity_spaces"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_space_members" ADD CONSTRAINT "productivity_space_members_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_spaces" ADD CONSTRAINT "productivity_spaces_agency_id_created_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","created_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_assignees" ADD CONSTRAINT "productivity_task_assignees_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_assignees" ADD CONSTRAINT "productivity_task_assignees_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_links" ADD CONSTRAINT "productivity_task_links_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_shares" ADD CONSTRAINT "productivity_task_shares_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_shares" ADD CONSTRAINT "productivity_task_shares_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_watchers" ADD CONSTRAINT "productivity_task_watchers_agency_id_task_id_productivity_tasks_agency_id_id_fk" FOREIGN KEY ("agency_id","task_id") REFERENCES "public"."productivity_tasks"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_task_watchers" ADD CONSTRAINT "productivity_task_watchers_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_tasks" ADD CONSTRAINT "productivity_tasks_agency_id_list_id_productivity_lists_agency_id_id_fk" FOREIGN KEY ("agency_id","list_id") REFERENCES "public"."productivity_lists"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_tasks" ADD CONSTRAINT "productivity_tasks_agency_id_space_id_productivity_spaces_agency_id_id_fk" FOREIGN KEY ("agency_id","space_id") REFERENCES "public"."productivity_spaces"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_tasks" ADD CONSTRAINT "productivity_tasks_agency_id_created_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","created_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productivity_templates" ADD CONSTRAINT "productivity_templates_agency_id_space_id_productivity_spaces_agency_id_id_fk" FOREIGN KEY ("agency_id","space_id") REFERENCES "public"."productivity_spaces"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "productivity_attachments_file_idx" ON "productivity_attachments" USING btree ("agency_id","file_id");--> statement-breakpoint
CREATE INDEX "productivity_checklist_items_task_idx" ON "productivity_checklist_items" USING btree ("agency_id","task_id","position");--> statement-breakpoint
CREATE INDEX "productivity_comments_task_idx" ON "productivity_comments" USING btree ("agency_id","task_id","created_at");--> statement-breakpoint
CREATE INDEX "productivity_lists_space_idx" ON "productivity_lists" USING btree ("agency_id","space_id","position");--> statement-breakpoint
CREATE INDEX "productivity_space_members_user_idx" ON "productivity_space_members" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "productivity_task_assignees_mine_idx" ON "productivity_task_assignees" USING btree ("agency_id","user_id","open","due_on");--> statement-breakpoint
CREATE INDEX "productivity_task_links_task_idx" ON "productivity_task_links" USING btree ("agency_id","task_id");--> statement-breakpoint
CREATE INDEX "productivity_task_links_record_idx" ON "productivity_task_links" USING btree ("agency_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "productivity_task_shares_user_idx" ON "productivity_task_shares" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "productivity_task_watchers_user_idx" ON "productivity_task_watchers" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "productivity_tasks_list_status_idx" ON "productivity_tasks" USING btree ("agency_id","list_id","status","position");--> statement-breakpoint
CREATE INDEX "productivity_tasks_list_position_idx" ON "productivity_tasks" USING btree ("agency_id","list_id","position");--> statement-breakpoint
CREATE INDEX "productivity_tasks_list_due_idx" ON "productivity_tasks" USING btree ("agency_id","list_id","due_on");--> statement-breakpoint
CREATE INDEX "productivity_tasks_open_due_idx" ON "productivity_tasks" USING btree ("agency_id","due_on") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "productivity_tasks_space_idx" ON "productivity_tasks" USING btree ("agency_id","space_id","status");--> statement-breakpoint
CREATE INDEX "productivity_tasks_series_idx" ON "productivity_tasks" USING btree ("agency_id","series_id");--> statement-breakpoint
CREATE INDEX "productivity_templates_space_idx" ON "productivity_templates" USING btree ("agency_id","space_id");--> statement-breakpoint
ALTER TABLE productivity_spaces ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_spaces FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_spaces AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_space_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_space_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_space_members AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_lists ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_lists FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_lists AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_tasks AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_task_assignees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_task_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_task_assignees AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_task_watchers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_task_watchers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_task_watchers AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_task_shares ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_task_shares FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_task_shares AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_checklist_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_checklist_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_checklist_items AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_comments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_comments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_comments AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_attachments AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_task_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_task_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_task_links AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
ALTER TABLE productivity_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE productivity_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON productivity_templates AS PERMISSIVE FOR ALL TO precinct_app USING (agency_id = precinct_current_agency()) WITH CHECK (agency_id = precinct_current_agency());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON productivity_spaces TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_space_members TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON productivity_lists TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON productivity_tasks TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_task_assignees TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_task_watchers TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_task_shares TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_checklist_items TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON productivity_comments TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_attachments TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON productivity_task_links TO precinct_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON productivity_templates TO precinct_app;
--> statement-breakpoint
-- The due-tomorrow job finds the agencies with open tasks due about now in every agency (their own zone
-- decides the day, in the agency's transaction): ids only.
CREATE POLICY productivity_tasks_due ON productivity_tasks AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (closed_at IS NULL);
--> statement-breakpoint
CREATE FUNCTION precinct_productivity_agencies_due()
RETURNS TABLE (agency_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT DISTINCT t.agency_id FROM productivity_tasks t
   WHERE t.closed_at IS NULL
     AND t.due_on BETWEEN to_char(now() - interval '1 day', 'YYYY-MM-DD') AND to_char(now() + interval '3 days', 'YYYY-MM-DD')
     AND t.due_notice_on IS DISTINCT FROM t.due_on
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION precinct_productivity_agencies_due() FROM PUBLIC;
