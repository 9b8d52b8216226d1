CREATE TABLE "appointment_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"appointment_ref" text NOT NULL,
	"change" text NOT NULL,
	"channel" text NOT NULL,
	"provider_call_id" text,
	"from_start" timestamp with time zone,
	"to_start" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_changes_change_check" CHECK ("appointment_changes"."change" in ('created', 'confirmed', 'rescheduled', 'cancelled')),
	CONSTRAINT "appointment_changes_channel_check" CHECK ("appointment_changes"."channel" in ('call', 'text', 'staff', 'processor', 'callback'))
);
--> statement-breakpoint
ALTER TABLE "appointment_changes" ADD CONSTRAINT "appointment_changes_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_changes_at_idx" ON "appointment_changes" USING btree ("practice_id","at");--> statement-breakpoint
CREATE INDEX "appointment_changes_ref_idx" ON "appointment_changes" USING btree ("practice_id","appointment_ref");--> statement-breakpoint
CREATE INDEX "appointment_changes_call_idx" ON "appointment_changes" USING btree ("practice_id","provider_call_id");