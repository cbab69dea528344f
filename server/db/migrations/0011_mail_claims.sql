ALTER TABLE "mail_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- Mail claimed by a sender that then died is retried after 10 minutes.
ALTER POLICY mail_dispatch ON mail_outbox USING (status IN ('pending', 'sending'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION precinct_agencies_with_pending_mail() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT DISTINCT agency_id FROM mail_outbox
   WHERE status = 'pending' OR (status = 'sending' AND claimed_at < now() - interval '10 minutes')
$$;
