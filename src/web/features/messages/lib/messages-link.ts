/**
 * The Messages screen searched for a patient's number (its digits), as Call Logs and Callbacks link to it;
 * with the conversation open when it is known. Null when there is nothing to find the patient by.
 */
export function messagesPathFor(phoneNumber: string | null, conversationId?: string | null): string | null {
  const digits = phoneNumber?.replace(/\D/g, '') ?? '';
  const params = new URLSearchParams();
  if (digits) params.set('q', digits);
  if (conversationId) params.set('c', conversationId);
  const search = params.toString();
  return search ? `/messages?${search}` : null;
}
