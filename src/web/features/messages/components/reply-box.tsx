import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGING_MESSAGES } from '#shared/schemas/messaging';
import { smsLength, type SmsLength } from '#shared/sms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { messageOf } from '../../../lib/api-client';
import { useSendMessage } from '../api/send-message';

export const MAX_TEXT = 1600;

/** '42 characters · 1 segment · GSM-7': what the text costs on the phone network. */
export function lengthText({ characters, segments, encoding }: SmsLength): string {
  return `${characters} characters · ${segments} segment${segments === 1 ? '' : 's'} · ${encoding}`;
}

/**
 * Staff's answer to the patient: Send or Ctrl/Cmd+Enter. Closed with the reason for a number that opted out;
 * a refusal from the server (409) shows its own words. One Idempotency-Key per text meant, not per press: a
 * second press before the first answer, or the same text sent again after a failure, is sent once.
 */
export function ReplyBox({ conversationId, optedOut }: { conversationId: string; optedOut: boolean }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(conversationId);
  const id = useId();
  const intent = useRef<{ print: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const text = body.trim();
  const canSend = !optedOut && text.length > 0 && !send.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // The button's disabled state arrives with the next render, after a fast second press.
    if (!canSend || inFlight.current) return;
    const print = JSON.stringify([conversationId, text]);
    if (intent.current?.print !== print) intent.current = { print, key: crypto.randomUUID() };
    inFlight.current = true;
    setError(null);
    send.mutate(
      { body: text, idempotencyKey: intent.current.key },
      {
        onSuccess: () => {
          intent.current = null;
          setBody('');
        },
        onError: (e) => setError(messageOf(e, 'The text could not be sent. Please try again.')),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const described = [optedOut ? `${id}-reason` : null, `${id}-length`].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} className="grid gap-2 border-t border-slate-200 pt-3">
      <Label htmlFor={id}>Reply</Label>
      {optedOut && (
        <p id={`${id}-reason`} className="text-sm text-slate-700">
          {MESSAGING_MESSAGES.optedOut}
        </p>
      )}
      <Textarea
        id={id}
        value={body}
        disabled={optedOut}
        maxLength={MAX_TEXT}
        rows={3}
        placeholder={optedOut ? undefined : 'Write a text (Ctrl+Enter sends)'}
        aria-describedby={described}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-length`} className="text-xs text-slate-600" aria-live="polite">
          {lengthText(smsLength(body))}
        </p>
        <Button type="submit" disabled={!canSend}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
