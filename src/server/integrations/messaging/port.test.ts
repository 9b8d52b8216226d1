import { describe, expect, it } from 'vitest';
import { advanceStatus, DELIVERY_STATUSES, isFinalStatus, MessagingError, type DeliveryStatus } from './port';

const FINAL: DeliveryStatus[] = ['delivered', 'undelivered', 'failed', 'canceled'];

describe('advanceStatus', () => {
  it('moves forward along queued → sending → sent → a final status', () => {
    expect(advanceStatus('queued', 'sending')).toBe('sending');
    expect(advanceStatus('sending', 'sent')).toBe('sent');
    expect(advanceStatus('sent', 'delivered')).toBe('delivered');
    expect(advanceStatus('queued', 'failed')).toBe('failed');
    expect(advanceStatus('sent', 'undelivered')).toBe('undelivered');
    expect(advanceStatus('queued', 'canceled')).toBe('canceled');
  });

  it('ignores a late earlier status', () => {
    expect(advanceStatus('sent', 'queued')).toBe('sent');
    expect(advanceStatus('sent', 'sending')).toBe('sent');
    expect(advanceStatus('sending', 'queued')).toBe('sending');
  });

  it('never changes a final status: a late sent or queued, nor a later success over a failure', () => {
    for (const final of FINAL)
      for (const next of DELIVERY_STATUSES) expect(advanceStatus(final, next)).toBe(final);
    expect(advanceStatus('undelivered', 'delivered')).toBe('undelivered');
    expect(advanceStatus('failed', 'sent')).toBe('failed');
  });

  it('knows the final statuses', () => {
    expect(DELIVERY_STATUSES.filter(isFinalStatus)).toEqual(FINAL);
  });
});

describe('MessagingError', () => {
  it('is retryable only when rate limited, with the wait the vendor asked for', () => {
    const limited = new MessagingError('rate_limited', 'busy', { retryAfterMs: 2_000, vendorCode: 20429 });
    expect(limited).toMatchObject({ retryable: true, retryAfterMs: 2_000, vendorCode: 20429 });
    for (const kind of ['opted_out', 'invalid_number', 'rejected', 'unavailable'] as const)
      expect(new MessagingError(kind, kind).retryable).toBe(false);
  });
});
