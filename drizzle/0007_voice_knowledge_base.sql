ALTER TABLE "assistants" ADD COLUMN "knowledge_base_file_id" text;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "knowledge_base_file_name" text;