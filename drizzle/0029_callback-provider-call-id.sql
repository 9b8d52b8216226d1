ALTER TABLE "callbacks" ADD COLUMN "provider_call_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "callbacks_provider_call_id_idx" ON "callbacks" USING btree ("practice_id","provider_call_id");