import { useSyncExternalStore } from 'react';
import type { BookingParams } from '../api/post-webhook';

/**
 * Bookings sent while the server could not be reached (ADR 021), kept in localStorage until the server
 * answers: a booking, a pending request, or a refusal that stays visible until dismissed.
 */
export interface OutboxEntry {
  /** Also the Idempotency-Key. */
  reference: string;
  /** Who sent it: the server scopes Idempotency-Keys per user, so only they may resend it. */
  userId: string;
  params: BookingParams;
  state: 'waiting' | 'failed';
  error?: string;
}

const STORAGE_KEY = 'bookingOutbox';
const NONE: OutboxEntry[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; entries: OutboxEntry[] } = { raw: null, entries: NONE };

export function readOutbox(): OutboxEntry[] {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== cached.raw) {
    let entries = NONE;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : NONE;
      if (Array.isArray(parsed)) entries = parsed as OutboxEntry[];
    } catch {
      // A corrupt value is dropped rather than blocking every later booking.
    }
    cached = { raw, entries };
  }
  return cached.entries;
}

function write(entries: OutboxEntry[]) {
  if (entries.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  listeners.forEach((listener) => listener());
}

export const addToOutbox = (entry: OutboxEntry) =>
  write([...readOutbox().filter((e) => e.reference !== entry.reference), entry]);

export const removeFromOutbox = (reference: string) =>
  write(readOutbox().filter((e) => e.reference !== reference));

export const markFailed = (reference: string, error: string) =>
  write(readOutbox().map((e) => (e.reference === reference ? { ...e, state: 'failed' as const, error } : e)));

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's changes.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in user's entries. */
export function useOutbox(userId: string | undefined): OutboxEntry[] {
  const entries = useSyncExternalStore(subscribe, readOutbox, () => NONE);
  return entries.filter((entry) => entry.userId === userId);
}
