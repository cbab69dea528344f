CREATE TABLE "auth_factors" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"factor_type" text NOT NULL,
	"friendly_name" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"secret_encrypted" text,
	"last_used_step" bigint,
	"phone" text,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" jsonb,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_factors_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"agency_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"factor_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"code_hash" text,
	"webauthn_challenge" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_challenges_agency_id_id_pk" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_failed_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_factors" ADD CONSTRAINT "auth_factors_agency_id_user_id_users_agency_id_id_fk" FOREIGN KEY ("agency_id","user_id") REFERENCES "public"."users"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_agency_id_factor_id_auth_factors_agency_id_id_fk" FOREIGN KEY ("agency_id","factor_id") REFERENCES "public"."auth_factors"("agency_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_factors_id_key" ON "auth_factors" USING btree ("id");--> statement-breakpoint
CREATE INDEX "auth_factors_user_idx" ON "auth_factors" USING btree ("agency_id","user_id");