import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { toastSuccess } from '../../../components/mutation-toasts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { messageOf } from '../../../lib/api-client';
import { useSandboxInbound } from '../api/sandbox-inbound';

/**
 * The sandbox's "reply as the patient": an inbound text through the same path as a real one. `from`: the
 * number to start with (the open conversation's).
 */
export function SandboxReply({
  from: initialFrom = '',
  onReceived,
}: {
  from?: string;
  onReceived(conversationId: string): void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inbound = useSandboxInbound();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from.trim() || !body.trim()) return;
    setError(null);
    inbound.mutate(
      { from: from.trim(), body: body.trim() },
      {
        onSuccess: ({ conversationId }) => {
          toastSuccess('The reply was received');
          setBody('');
          onReceived(conversationId);
        },
        onError: (e) => setError(messageOf(e, 'The reply could not be sent. Please try again.')),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Reply as the patient"
      className="grid gap-3 rounded-md border border-dashed border-slate-300 p-3"
    >
      <h3 className="font-semibold text-slate-900">Reply as the patient</h3>
      <FormField
        label="Patient's number"
        type="tel"
        autoComplete="off"
        value={from}
        maxLength={40}
        onChange={(e) => setFrom(e.target.value)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Patient's text</Label>
        <Textarea id={id} rows={2} value={body} maxLength={1600} onChange={(e) => setBody(e.target.value)} />
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <div>
        <Button
          type="submit"
          variant="outline"
          disabled={!from.trim() || !body.trim()}
          pending={inbound.isPending}
        >
          {inbound.isPending ? 'Sending...' : 'Send as the patient'}
        </Button>
      </div>
    </form>
  );
}
