CREATE TABLE "call_transfer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone_number" text,
	"days" text[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_transfer_settings_single_row" CHECK ("call_transfer_settings"."id" = 1)
);
