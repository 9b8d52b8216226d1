CREATE TABLE "outbound_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"patient_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"call_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"assistant_id" uuid NOT NULL,
	"phone_number_id" uuid NOT NULL,
	"appointment" jsonb,
	"appointment_ref" text,
	"campaign_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"last_error" text,
	"placement_key" text,
	"placed_at" timestamp with time zone,
	"vapi_call_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_calls_status_check" CHECK ("outbound_calls"."status" in ('pending', 'calling', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbound_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_settings_single_row" CHECK ("outbound_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_outbound_placements" (
	"placement_key" text PRIMARY KEY NOT NULL,
	"call_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbound_calls_created_idx" ON "outbound_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_calls_status_idx" ON "outbound_calls" USING btree ("status","not_before");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_vapi_call_id_idx" ON "outbound_calls" USING btree ("vapi_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_calls_campaign_key_idx" ON "outbound_calls" USING btree ("campaign_key");