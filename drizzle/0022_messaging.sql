CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"phone_number_id" uuid,
	"patient_id" text,
	"patient_name" text,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message" text,
	"awaiting_cancel" jsonb,
	"suggested_intent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practice_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"segments" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"provider_id" text,
	"appointment_ref" text,
	"appointment" jsonb,
	"error_code" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('inbound', 'outbound'))
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"sender_number" text,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"booking_confirmation" boolean DEFAULT true NOT NULL,
	"call_on_reschedule" boolean DEFAULT false NOT NULL,
	"next_send_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"practice_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"keyword" text NOT NULL,
	"message_id" uuid,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_practice_id_phone_number_pk" PRIMARY KEY("practice_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_texts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"practice_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_texts_providerId_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
ALTER TABLE "callbacks" ALTER COLUMN "call_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD COLUMN "can_messages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "callbacks" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_texts" ADD CONSTRAINT "sandbox_texts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_number_idx" ON "conversations" USING btree ("practice_id","phone_number");--> statement-breakpoint
CREATE INDEX "conversations_last_idx" ON "conversations" USING btree ("practice_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("practice_id","conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_idx" ON "messages" USING btree ("practice_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_idx" ON "messages" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("practice_id","created_at") WHERE "messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("practice_id","to_number","created_at");