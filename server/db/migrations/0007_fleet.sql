CREATE TABLE "agency_counters" (
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agency_counters_agency_id_name_pk" PRIMARY KEY("agency_id","name")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_agency_id_user_id_key_pk" PRIMARY KEY("agency_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "service_request_events" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_events_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"drivable" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"out_of_service" boolean DEFAULT false NOT NULL,
	"cost_cents" integer,
	"vendor" text,
	"reported_by" uuid NOT NULL,
	"squad_check_id" uuid,
	"squad_check_item_id" text,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "squad_check_drafts" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"template_version_id" uuid NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "squad_check_drafts_agency_id_user_id_vehicle_id_pk" PRIMARY KEY("agency_id","user_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "squad_check_submissions" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"template_version_id" uuid NOT NULL,
	"officer_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"answers" jsonb NOT NULL,
	"failed_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"odometer" integer,
	"took_out_of_service" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "squad_check_submissions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "squad_check_template_versions" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "squad_check_template_versions_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "squad_check_templates" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"vehicle_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_version_id" uuid,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "squad_check_templates_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_events" (
	"agency_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"odometer" integer,
	"reason" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" uuid,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_events_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"unit_number" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"vin" text,
	"plate" text,
	"plate_state" text,
	"status" text DEFAULT 'in_service' NOT NULL,
	"status_reason" text,
	"odometer" integer DEFAULT 0 NOT NULL,
	"assigned_user_id" uuid,
	"assigned_group" text,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"photo_key" text,
	"last_squad_check_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_agency_id_request_id_service_requests_agency_id_id_fk" FOREIGN KEY ("agency_id","request_id") REFERENCES "public"."service_requests"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_agency_id_reported_by_users_agency_id_id_fk" FOREIGN KEY ("agency_id","reported_by") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_check_submissions" ADD CONSTRAINT "squad_check_submissions_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_check_submissions" ADD CONSTRAINT "squad_check_submissions_agency_id_officer_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","officer_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_check_submissions" ADD CONSTRAINT "squad_check_submissions_agency_id_template_version_id_squad_check_template_versions_agency_id_id_fk" FOREIGN KEY ("agency_id","template_version_id") REFERENCES "public"."squad_check_template_versions"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_check_template_versions" ADD CONSTRAINT "squad_check_template_versions_agency_id_template_id_squad_check_templates_agency_id_id_fk" FOREIGN KEY ("agency_id","template_id") REFERENCES "public"."squad_check_templates"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events" ADD CONSTRAINT "vehicle_events_agency_id_vehicle_id_vehicles_agency_id_id_fk" FOREIGN KEY ("agency_id","vehicle_id") REFERENCES "public"."vehicles"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_agency_id_assigned_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","assigned_user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_events_request_idx" ON "service_request_events" USING btree ("agency_id","request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_id_key" ON "service_requests" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_number_key" ON "service_requests" USING btree ("agency_id","number");--> statement-breakpoint
CREATE INDEX "service_requests_queue_idx" ON "service_requests" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_vehicle_idx" ON "service_requests" USING btree ("agency_id","vehicle_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_reporter_idx" ON "service_requests" USING btree ("agency_id","reported_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "squad_check_submissions_id_key" ON "squad_check_submissions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "squad_check_submissions_time_idx" ON "squad_check_submissions" USING btree ("agency_id","submitted_at");--> statement-breakpoint
CREATE INDEX "squad_check_submissions_vehicle_idx" ON "squad_check_submissions" USING btree ("agency_id","vehicle_id","submitted_at");--> statement-breakpoint
CREATE INDEX "squad_check_submissions_officer_idx" ON "squad_check_submissions" USING btree ("agency_id","officer_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "squad_check_template_versions_number_key" ON "squad_check_template_versions" USING btree ("agency_id","template_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "squad_check_templates_id_key" ON "squad_check_templates" USING btree ("id");--> statement-breakpoint
CREATE INDEX "vehicle_events_vehicle_idx" ON "vehicle_events" USING btree ("agency_id","vehicle_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_id_key" ON "vehicles" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_unit_key" ON "vehicles" USING btree ("agency_id",lower("unit_number"));--> statement-breakpoint
CREATE INDEX "vehicles_status_idx" ON "vehicles" USING btree ("agency_id","status","unit_number");--> statement-breakpoint
CREATE INDEX "vehicles_assigned_idx" ON "vehicles" USING btree ("agency_id","assigned_user_id");