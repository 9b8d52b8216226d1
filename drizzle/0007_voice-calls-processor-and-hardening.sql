CREATE TABLE "call_processing" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"confirmation_number" text,
	"reason" text,
	"appointment_type" text,
	"date" text,
	"time" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"caller_name" text,
	"caller_number" text,
	"appointment_type" text,
	"preferred_date" text,
	"preferred_time" text,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "callbacks_callId_unique" UNIQUE("call_id")
);
--> statement-breakpoint
DROP INDEX "calls_created_at_idx";--> statement-breakpoint
DROP INDEX "calls_phone_number_created_idx";--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "duration_seconds" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "kind" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "knowledge_base_file_id" text;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "knowledge_base_file_name" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "customer_name_folded" text GENERATED ALWAYS AS (translate(lower(coalesce(customer_name, '')), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰÝŸŽŹŻ', 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz')) STORED;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "called_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "call_processing" ADD CONSTRAINT "call_processing_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_processing_state_idx" ON "call_processing" USING btree ("state");--> statement-breakpoint
CREATE INDEX "callbacks_status_due_idx" ON "callbacks" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_provider_id_idx" ON "calls" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "calls_created_idx" ON "calls" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_status_created_idx" ON "calls" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_customer_number_created_idx" ON "calls" USING btree ("customer_number","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_assistant_created_idx" ON "calls" USING btree ("assistant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_phone_number_created_idx" ON "calls" USING btree ("phone_number_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);