CREATE TABLE "practices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"practice_type" text NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practices_type_check" CHECK ("practices"."practice_type" in ('dental-practices', 'medical-clinics', 'veterinary-clinics', 'spas-wellness')),
	CONSTRAINT "practices_status_check" CHECK ("practices"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
-- The deployment's one practice so far becomes the first practice, with its time zone (issue 22).
INSERT INTO "practices" ("name", "practice_type", "time_zone")
SELECT 'My practice', 'dental-practices', coalesce((SELECT "time_zone" FROM "practice_settings" LIMIT 1), 'America/New_York');
--> statement-breakpoint
-- TRANSITIONAL default of every practice_id while modules are moved over; dropped by a later migration.
CREATE FUNCTION first_practice_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "practices" ORDER BY "created_at", "id" LIMIT 1
$$;
--> statement-breakpoint
CREATE TRIGGER practices_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practices"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TABLE "practice_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_confirmationNumber_unique";--> statement-breakpoint
ALTER TABLE "pending_appointment_requests" DROP CONSTRAINT "pending_appointment_requests_requestNumber_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "outbound_settings" DROP CONSTRAINT "outbound_settings_single_row";--> statement-breakpoint
ALTER TABLE "call_transfer_settings" DROP CONSTRAINT "call_transfer_settings_single_row";--> statement-breakpoint
DROP INDEX "calls_created_idx";--> statement-breakpoint
DROP INDEX "calls_status_created_idx";--> statement-breakpoint
DROP INDEX "calls_customer_number_created_idx";--> statement-breakpoint
DROP INDEX "calls_customer_number_reversed_idx";--> statement-breakpoint
DROP INDEX "calls_phone_number_created_idx";--> statement-breakpoint
DROP INDEX "calls_assistant_created_idx";--> statement-breakpoint
DROP INDEX "audit_events_at_idx";--> statement-breakpoint
DROP INDEX "appointments_starts_at_idx";--> statement-breakpoint
DROP INDEX "patients_phone_idx";--> statement-breakpoint
DROP INDEX "call_processing_state_idx";--> statement-breakpoint
DROP INDEX "callbacks_status_due_idx";--> statement-breakpoint
DROP INDEX "outbound_calls_created_idx";--> statement-breakpoint
DROP INDEX "outbound_calls_campaign_key_idx";--> statement-breakpoint
DROP INDEX "outbound_calls_one_open_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";--> statement-breakpoint
ALTER TABLE "outbound_settings" DROP CONSTRAINT "outbound_settings_pkey";--> statement-breakpoint
ALTER TABLE "call_transfer_settings" DROP CONSTRAINT "call_transfer_settings_pkey";--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_assistants" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_connectors" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id();--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "practice_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_practice_id_key_pk" PRIMARY KEY("practice_id","key");--> statement-breakpoint
ALTER TABLE "operatories" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_appointment_requests" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_mappings" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_working_hours" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_processing" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_settings" ADD COLUMN "practice_id" uuid PRIMARY KEY DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_outbound_placements" ADD COLUMN "practice_id" uuid DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_transfer_settings" ADD COLUMN "practice_id" uuid PRIMARY KEY DEFAULT first_practice_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_assistants" ADD CONSTRAINT "user_assistants_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connectors" ADD CONSTRAINT "user_connectors_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operatories" ADD CONSTRAINT "operatories_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_appointment_requests" ADD CONSTRAINT "pending_appointment_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_mappings" ADD CONSTRAINT "phone_mappings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_working_hours" ADD CONSTRAINT "provider_working_hours_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_processing" ADD CONSTRAINT "call_processing_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_calls" ADD CONSTRAINT "outbound_calls_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_settings" ADD CONSTRAINT "outbound_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_outbound_placements" ADD CONSTRAINT "sandbox_outbound_placements_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_transfer_settings" ADD CONSTRAINT "call_transfer_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connectors_practice_idx" ON "connectors" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "users_practice_idx" ON "users" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "assistants_practice_idx" ON "assistants" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_numbers_practice_idx" ON "phone_numbers" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_practice_idx" ON "workflows" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_confirmation_number_idx" ON "appointments" USING btree ("practice_id","confirmation_number");--> statement-breakpoint
CREATE INDEX "operatories_practice_idx" ON "operatories" USING btree ("practice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_appointment_requests_number_idx" ON "pending_appointment_requests" USING btree ("practice_id","request_number");--> statement-breakpoint
CREATE INDEX "providers_practice_idx" ON "providers" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "calls_created_idx" ON "calls" USING btree ("practice_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("customer_name_folded");--> statement-breakpoint
CREATE INDEX "calls_status_created_idx" ON "calls" USING btree ("practice_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_customer_number_created_idx" ON "calls" USING btree ("practice_id","customer_number","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_customer_number_reversed_idx" ON "calls" USING btree ("practice_id",reverse("customer_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "calls_phone_number_created_idx" ON "calls" USING btree ("practice_id","phone_number_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_assistant_created_idx" ON "calls" USING btree ("practice_id","assistant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("practice_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("practice_id","starts_at");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("practice_id","phone");--> statement-breakpoint
CREATE INDEX "call_processing_state_idx" ON "call_processing" USING btree ("practice_id","state");--> statement-breakpoint
CREATE INDEX "callbacks_status_due_idx" ON "callbacks" USING btree ("practice_id","status","due_at");--> statement-breakpoint
CREATE INDEX "outbound_calls_created_idx" ON "outbound_calls" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_campaign_key_idx" ON "outbound_calls" USING btree ("practice_id","campaign_key");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_one_open_idx" ON "outbound_calls" USING btree ("practice_id","patient_id","call_type") WHERE "outbound_calls"."status" in ('pending', 'calling');--> statement-breakpoint
ALTER TABLE "outbound_settings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "call_transfer_settings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_check" CHECK (("users"."role" = 'operator') = ("users"."practice_id" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'sub', 'operator'));