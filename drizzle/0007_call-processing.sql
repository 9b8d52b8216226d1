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
ALTER TABLE "call_processing" ADD CONSTRAINT "call_processing_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_processing_state_idx" ON "call_processing" USING btree ("state");