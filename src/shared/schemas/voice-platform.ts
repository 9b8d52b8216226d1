import { z } from 'zod';

/** `sandbox`: the built-in voice platform (no VAPI_API_KEY); `vapi`: a real Vapi account. */
export const VOICE_PROVIDER_KINDS = ['sandbox', 'vapi'] as const;
export type VoiceProviderKind = (typeof VOICE_PROVIDER_KINDS)[number];

/** GET /api/voice-platform: screens show sandbox-only actions (Simulate a call) and the admin Import. */
export const VoicePlatformResponseSchema = z.object({ provider: z.enum(VOICE_PROVIDER_KINDS) });
export type VoicePlatformResponse = z.infer<typeof VoicePlatformResponseSchema>;

export const VOICE_PLATFORM_MESSAGES = {
  imported: 'Import complete',
  importFailed: 'Import failed',
  sandboxImport: 'There is no voice platform account to import from: the built-in sandbox is in use.',
  importRunning: 'An import from the voice platform is already running. Try again when it has finished.',
} as const;

/** One assistant of an import: it came in, or the platform refused to take our tools and webhook (why). */
export const AssistantImportSchema = z.object({
  name: z.string(),
  /** The platform's id. */
  providerId: z.string(),
  imported: z.boolean(),
  reason: z.string().optional(),
});
export type AssistantImport = z.infer<typeof AssistantImportSchema>;

/**
 * POST /api/voice-platform/import (admins): what the voice platform account held that we did not. An
 * assistant the platform refuses does not stop the others or the numbers: `assistants` says which came in.
 */
export const VoicePlatformImportResponseSchema = z.object({
  success: z.literal(true),
  imported: z.object({ assistants: z.number().int(), phoneNumbers: z.number().int() }),
  assistants: z.array(AssistantImportSchema),
  /** Numbers of the account that another practice holds: they stay with it (issue 22). */
  skippedPhoneNumbers: z.array(z.object({ number: z.string(), reason: z.string() })).optional(),
});
export type VoicePlatformImportResponse = z.infer<typeof VoicePlatformImportResponseSchema>;

/** POST /webhook answer to an `assistant-request`: the platform's id, the whole assistant, or a spoken error. */
export const AssistantRequestReplySchema = z.union([
  z.strictObject({ assistantId: z.string() }),
  z.strictObject({ assistant: z.record(z.string(), z.unknown()) }),
  z.strictObject({ error: z.string() }),
]);
export type AssistantRequestReply = z.infer<typeof AssistantRequestReplySchema>;
