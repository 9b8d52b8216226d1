import { z } from 'zod';

/** GET /api/mail/sandbox (operator, sandbox mode only): what the built-in mail sandbox "sent". */
export const SandboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type SandboxMail = z.infer<typeof SandboxMailSchema>;
export const SandboxMailListResponseSchema = z.object({ messages: z.array(SandboxMailSchema) });
