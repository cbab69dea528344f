-- The service-request queue of every status ordered by priority or by due date, the open requests
-- first (as service_requests_open_first_idx serves the default order, the longest waiting first).
CREATE INDEX "service_requests_priority_idx" ON "service_requests" USING btree ("agency_id",("status" in ('completed', 'declined')),(case "priority" when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end),"created_at","number");--> statement-breakpoint
CREATE INDEX "service_requests_due_idx" ON "service_requests" USING btree ("agency_id",("status" in ('completed', 'declined')),"due_on","created_at","number");
