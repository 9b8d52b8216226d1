/**
 * The rule for a function that fails: its message goes back as `error`. The console's function results have
 * the spec's `{ success, appointment, error }` shape; a refused call (the shared error body, 4xx or 5xx)
 * carries its message as `error` too. An onSend hook for POST /webhook. (The voice platform gets the same rule
 * in its own shape: the tool call's `error` instead of a `result`, voice-replies.ts.)
 */
export function withToolErrorField(statusCode: number, payload: unknown): unknown {
  if (statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body: unknown = JSON.parse(payload);
    if (!body || typeof body !== 'object' || !('message' in body) || 'error' in body) return payload;
    return JSON.stringify({ ...body, error: body.message });
  } catch {
    return payload;
  }
}
