import type { Intent, MessageStatus } from '#shared/schemas/messaging';

/** The one-click button for what the patient's reply seems to want. */
export const INTENT_ACTIONS: Record<Intent, string> = {
  confirm: 'Confirm visit',
  cancel: 'Cancel visit',
  reschedule: 'Call to reschedule',
  question: 'Mark as answered',
};

export type Delivery = 'waiting' | 'sent' | 'delivered' | 'failed' | 'canceled' | 'received';

/** Outbound statuses as the ticks show them. */
export function deliveryOf(status: MessageStatus): Delivery {
  switch (status) {
    case 'pending':
    case 'queued':
    case 'sending':
      return 'waiting';
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'failed':
    case 'undelivered':
      return 'failed';
    case 'canceled':
      return 'canceled';
    case 'received':
      return 'received';
  }
}

export const DELIVERY_LABELS: Record<Delivery, string> = {
  waiting: 'Waiting to send',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  canceled: 'Canceled',
  received: 'Received',
};
