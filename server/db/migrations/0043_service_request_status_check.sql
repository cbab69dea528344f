-- The active queue is written as "not completed or declined" to read its index in order
-- (server/fleet/service-request-queries.ts): no status but the four may exist.
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_known" CHECK ("service_requests"."status" in ('open', 'in_progress', 'completed', 'declined'));