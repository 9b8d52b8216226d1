// Loaded when a visitor reaches for a demo button or opens the dialog: it carries zod (the API's own schema).
import { z } from 'zod';
import { DemoRequestInputSchema, type DemoRequestInput } from '#shared/schemas/demo-requests';
import { TRY_AGAIN } from '../components/demo-request-titles';
import { DEMO_FIELDS, type DemoField } from '../dom-ids';

export type FieldErrors = Partial<Record<DemoField, string>>;
export type DemoCheck = { data: DemoRequestInput; errors: FieldErrors } | { data: null; errors: FieldErrors };

/** The form's values checked by the schema the API checks them by, with the first message per field. */
export function checkDemoRequest(input: Record<string, unknown>): DemoCheck {
  const parsed = DemoRequestInputSchema.safeParse(input);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const fieldErrors: Partial<Record<string, string[]>> = z.flattenError(parsed.error).fieldErrors;
  const errors: FieldErrors = {};
  for (const field of DEMO_FIELDS) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return { data: null, errors };
}

/** What the confirmation says when the server's answer carries no message (the spec's words). */
export const THANKS_FALLBACK = "We'll be in touch with you soon.";

/**
 * Sends the request and answers the server's message for the confirmation (THANKS_FALLBACK if none); a
 * refusal throws the server's message, an unexpected fault (500) or no answer at all throws TRY_AGAIN (as
 * `messageOf` words it in the console).
 */
export async function sendDemoRequest(input: DemoRequestInput): Promise<string> {
  const response = await fetch('/api/demo-requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  }).catch(() => null);
  const body: unknown = await response?.json().catch(() => null);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message.trim()
      : '';
  if (response?.ok) return message || THANKS_FALLBACK;
  throw new Error(response && response.status !== 500 && message ? message : TRY_AGAIN);
}
