import { format } from 'date-fns';
import type { SandboxMail } from '#shared/schemas/mail';
import { ListEmpty, ListStates } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Card } from '../../../components/ui/card';
import { useSandboxMail } from '../api/get-sandbox-mail';

export const SMTP_MODE_MESSAGE = 'Mail is sent through SMTP; there is no sandbox to show.';

function MailItem({ mail }: { mail: SandboxMail }) {
  return (
    <li data-testid="sent-mail">
      <details className="group px-4 py-3">
        <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <span className="min-w-0 break-words font-medium text-slate-900">{mail.subject}</span>
          <span className="text-slate-600">
            To <span className="break-all">{mail.to}</span> ·{' '}
            {format(new Date(mail.sentAt), 'MMM d, yyyy h:mm a')}
          </span>
        </summary>
        <pre className="mt-3 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-sm text-slate-800">
          {mail.text}
        </pre>
      </details>
    </li>
  );
}

/** The operator's view of what the built-in mail sandbox "sent" (invitations above all), newest first. */
export function SentMailScreen() {
  const query = useSandboxMail();
  const messages = query.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Sent Mail"
        description="The e-mails this server sent through its mail sandbox. Open one to read its text."
      />
      {query.data === null ? (
        <ListEmpty>{SMTP_MODE_MESSAGE}</ListEmpty>
      ) : (
        <ListStates
          query={query}
          isEmpty={messages.length === 0}
          empty="No mail sent yet."
          loadingLabel="Loading sent mail"
          errorPrefix="Could not load sent mail. "
        >
          {() => (
            <Card>
              <ul className="divide-y divide-slate-100" aria-label="Sent mail">
                {messages.map((mail, index) => (
                  <MailItem key={`${mail.sentAt}-${index}`} mail={mail} />
                ))}
              </ul>
            </Card>
          )}
        </ListStates>
      )}
    </div>
  );
}
