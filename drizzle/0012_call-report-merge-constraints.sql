ALTER TABLE "calls" ADD COLUMN "field_precedence" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_duration_plausible" CHECK ("calls"."duration_seconds" >= 0 and "calls"."duration_seconds" <= 86400);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_cost_plausible" CHECK ("calls"."cost" >= 0 and "calls"."cost" <= 1000);