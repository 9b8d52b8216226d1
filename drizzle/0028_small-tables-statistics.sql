-- Small tables (ADR 060, amended): a practice has a few users, numbers, assistants, connectors and providers, so
-- these tables may never see the 50 changes after which autovacuum first analyzes a table. Without statistics
-- PostgreSQL plans their joins blind (the session read took 274 us a run instead of 159 us). With a threshold of 1,
-- autovacuum analyzes them after their first changes; on a large table the 10 % scale factor still dominates.
ALTER TABLE "practices" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "users" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "user_permissions" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "user_phone_numbers" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "user_connectors" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "user_assistants" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "assistants" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "workflows" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "phone_numbers" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "connectors" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "phone_mappings" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "providers" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "operatories" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "provider_working_hours" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "appointment_types" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "appointment_type_values" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "messaging_settings" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "outbound_settings" SET (autovacuum_analyze_threshold = 1);
--> statement-breakpoint
ALTER TABLE "call_transfer_settings" SET (autovacuum_analyze_threshold = 1);
