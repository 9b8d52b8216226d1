import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { OUTBOUND_STATUSES, type OutboundStatus } from '#shared/schemas/outbound-calls';

/** Spec part 1 section 4: unknown values display as pending. */
export function outboundStatus(value: string): OutboundStatus {
  return (OUTBOUND_STATUSES as readonly string[]).includes(value) ? (value as OutboundStatus) : 'pending';
}

export const STATUS_BADGE: Record<OutboundStatus, 'secondary' | 'default' | 'outline' | 'destructive'> = {
  pending: 'secondary',
  calling: 'default',
  completed: 'outline',
  failed: 'destructive',
};

export function StatusIcon({ status }: { status: OutboundStatus }) {
  const common = { className: 'h-4 w-4', 'aria-hidden': true } as const;
  switch (status) {
    case 'completed':
      return <CheckCircle2 {...common} className="h-4 w-4 text-green-600" data-icon="completed" />;
    case 'failed':
      return <XCircle {...common} className="h-4 w-4 text-red-600" data-icon="failed" />;
    case 'calling':
      return <Loader2 {...common} className="h-4 w-4 animate-spin text-blue-600" data-icon="calling" />;
    default:
      return <Clock {...common} className="h-4 w-4 text-slate-500" data-icon="pending" />;
  }
}

const TYPE_LABELS: Record<string, string> = {
  reminder: 'Reminder',
  confirmation: 'Confirmation',
  followup: 'Follow-up',
  recall: 'Recall',
};
export const callTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;

const STATUS_LABELS: Record<OutboundStatus, string> = {
  pending: 'Pending',
  calling: 'Calling',
  completed: 'Completed',
  failed: 'Failed',
};
export const statusLabel = (status: OutboundStatus) => STATUS_LABELS[status];

/** Spec part 1 section 9: provider call ids show as their first 8 characters. */
export const shortCallId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '–');
