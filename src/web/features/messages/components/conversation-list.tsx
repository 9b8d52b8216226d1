import { format, isToday } from 'date-fns';
import type { Conversation } from '#shared/schemas/messaging';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatNational } from '../../phone-numbers';

/** Today's texts by the clock, older ones by the day. */
export const listTime = (iso: string) => {
  const date = new Date(iso);
  return isToday(date) ? format(date, 'h:mm a') : format(date, 'MMM d');
};

export const conversationTitle = (conversation: Pick<Conversation, 'patientName' | 'phoneNumber'>) =>
  conversation.patientName ?? formatNational(conversation.phoneNumber);

/** Newest first, whatever order the answer came in. */
export const newestFirst = (conversations: Conversation[]) =>
  [...conversations].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));

export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <ul aria-label="Conversations" className="grid gap-1">
      {newestFirst(conversations).map((conversation) => {
        const title = conversationTitle(conversation);
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              data-testid="conversation"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
              className={cn(
                'grid w-full min-w-0 gap-1 rounded-md border px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                selected ? 'border-blue-300 bg-blue-50' : 'border-transparent hover:bg-slate-50',
              )}
            >
              <span className="flex min-w-0 items-center justify-between gap-2">
                <span
                  className={cn(
                    'min-w-0 truncate text-slate-900',
                    conversation.unread > 0 ? 'font-semibold' : 'font-medium',
                  )}
                >
                  {title}
                </span>
                <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-slate-600">
                  {listTime(conversation.lastMessageAt)}
                </time>
              </span>
              {conversation.patientName && (
                <span className="text-xs text-slate-600">{formatNational(conversation.phoneNumber)}</span>
              )}
              <span className="flex min-w-0 items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm text-slate-600">
                  {conversation.lastMessage ?? ''}
                </span>
                <span className="flex shrink-0 gap-1">
                  {conversation.optedOut && <Badge variant="secondary">Opted out</Badge>}
                  {conversation.unread > 0 && (
                    <Badge aria-label={`${conversation.unread} unread`}>{conversation.unread}</Badge>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
