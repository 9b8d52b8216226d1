CREATE TABLE "pending_appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_number" text NOT NULL,
	"connector_id" text NOT NULL,
	"appointment_type" text NOT NULL,
	"wall_start" text NOT NULL,
	"provider_id" text NOT NULL,
	"patient" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_appointment_requests_requestNumber_unique" UNIQUE("request_number")
);
