import { format } from 'date-fns';
import { ArrowLeft, Check, CheckCheck, Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Conversation, Message } from '#shared/schemas/messaging';
import { ListStates } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNational } from '../../phone-numbers';
import { useAcceptIntent } from '../api/accept-intent';
import { useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { DELIVERY_LABELS, deliveryOf, INTENT_ACTIONS } from '../lib/labels';
import { conversationTitle } from './conversation-list';
import { ReplyBox } from './reply-box';
import { SandboxReply } from './sandbox-reply';

const bubbleTime = (iso: string) => format(new Date(iso), 'MMM d, h:mm a');

/** An outbound text's ticks: clock while waiting, one tick sent, two delivered, a warning and why on failure. */
function DeliveryMark({ message }: { message: Message }) {
  const delivery = deliveryOf(message.status);
  const label = DELIVERY_LABELS[delivery];
  const icon =
    delivery === 'waiting' ? (
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
    ) : delivery === 'sent' ? (
      <Check className="h-3.5 w-3.5" aria-hidden="true" />
    ) : delivery === 'delivered' ? (
      <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" />
    ) : delivery === 'failed' ? (
      <TriangleAlert className="h-3.5 w-3.5" aria-hidden="true" />
    ) : null;
  return (
    <span className="inline-flex items-center gap-1" data-testid="delivery" data-delivery={delivery}>
      {icon}
      <span className={cn(delivery === 'failed' ? '' : 'sr-only')}>{label}</span>
    </span>
  );
}

function Bubble({ message }: { message: Message }) {
  const outbound = message.direction === 'outbound';
  const failed = outbound && deliveryOf(message.status) === 'failed';
  return (
    <li
      data-testid="message"
      data-direction={message.direction}
      className={cn('grid max-w-[85%] gap-1', outbound ? 'justify-self-end' : 'justify-self-start')}
    >
      <span className="sr-only">{outbound ? 'Practice:' : 'Patient:'}</span>
      <p
        className={cn(
          'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
          outbound ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-900',
          failed && 'bg-red-50 text-red-900 ring-1 ring-red-300',
        )}
      >
        {message.body}
      </p>
      <span
        className={cn(
          'flex items-center gap-2 text-xs text-slate-600',
          outbound ? 'justify-end' : 'justify-start',
        )}
      >
        <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
        {outbound && <DeliveryMark message={message} />}
      </span>
      {failed && message.failure && <p className="text-right text-xs text-red-700">{message.failure}</p>}
    </li>
  );
}

/** Marks the conversation read when it opens, and again when a new reply arrives while it is open. */
function useReadOnOpen(conversationId: string, hasUnread: boolean) {
  const { mutate } = useMarkRead();
  const last = useRef<{ id: string; unread: boolean } | null>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = { id: conversationId, unread: hasUnread };
    if (previous?.id !== conversationId || (hasUnread && !previous.unread)) mutate(conversationId);
  }, [conversationId, hasUnread, mutate]);
}

function IntentButton({ conversation }: { conversation: Conversation }) {
  const accept = useAcceptIntent(conversation.id);
  const intent = conversation.suggestedIntent;
  if (!intent) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm">
      <span className="text-slate-700">The patient&apos;s reply seems to ask for this:</span>
      <Button
        size="sm"
        pending={accept.isPending}
        onClick={() =>
          accept.mutate(intent, {
            onSuccess: ({ outcome }) => toastSuccess(outcome),
            onError: (error) => toastError(messageOf(error, 'Please try again.')),
          })
        }
      >
        {INTENT_ACTIONS[intent]}
      </Button>
    </div>
  );
}

/** One patient's texts, oldest first, with the reply box; on phones a Back button returns to the list. */
export function ConversationThread({
  conversationId,
  conversation,
  onBack,
  sandboxReply = false,
  focusKey = 0,
}: {
  conversationId: string;
  /** From the list; undefined while it loads or when the search hides it. */
  conversation: Conversation | undefined;
  onBack(): void;
  /** Admins while texts go to the built-in sandbox: answer as this patient, through the real webhook. */
  sandboxReply?: boolean;
  /** Changes each time staff choose a conversation: the thread's title takes the focus. */
  focusKey?: number;
}) {
  const query = useMessages(conversationId);
  const messages = [...(query.data?.messages ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  useReadOnOpen(conversationId, (conversation?.unread ?? 0) > 0);

  // The newest text in view, when the thread opens and when one arrives.
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, conversationId]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey > 0) heading.current?.focus();
  }, [focusKey]);

  const title = conversation ? conversationTitle(conversation) : 'Conversation';
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" className="md:hidden" onClick={onBack}>
          <ArrowLeft className="mr-1 h-4 w-4" aria-hidden="true" />
          Back
        </Button>
        <div className="min-w-0 flex-1">
          <h2
            ref={heading}
            tabIndex={-1}
            className="truncate text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            {title}
          </h2>
          {conversation?.patientName && (
            <p className="text-sm text-slate-600">{formatNational(conversation.phoneNumber)}</p>
          )}
        </div>
        {conversation?.optedOut && <Badge variant="secondary">Opted out</Badge>}
      </div>
      {conversation?.suggestedIntent && <IntentButton conversation={conversation} />}
      <div className="max-h-[60vh] min-h-40 overflow-y-auto" tabIndex={0} aria-label={`Texts with ${title}`}>
        <ListStates
          query={query}
          isEmpty={messages.length === 0}
          empty="No texts in this conversation yet."
          loadingLabel="Loading texts"
          errorPrefix="Could not load the texts. "
        >
          {() => (
            <ol className="grid gap-3 p-1" aria-label="Texts">
              {messages.map((message) => (
                <Bubble key={message.id} message={message} />
              ))}
            </ol>
          )}
        </ListStates>
        <div ref={end} />
      </div>
      <ReplyBox
        key={conversationId}
        conversationId={conversationId}
        optedOut={conversation?.optedOut ?? false}
      />
      {sandboxReply && conversation && (
        <SandboxReply
          key={`patient-${conversationId}`}
          from={conversation.phoneNumber}
          onReceived={() => undefined}
        />
      )}
    </div>
  );
}
