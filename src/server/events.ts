import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Queryable, Tx } from './db/client';
import { eventDeliveries } from './db/schema/index';
import { defineJob, NO_PAYLOAD } from './jobs/queue';

/**
 * Domain events (ADR 051): a typed, in-process seam between modules. A module publishes what happened (with
 * its practice); other modules subscribe without the publisher knowing them.
 *
 * - `subscribe`: runs in the publisher's process right after `publish`, in order; a subscriber that throws
 *   is logged (event, subscriber and error name: never the payload or the message, which may be patient
 *   data) and never fails the publisher. For work a later look catches up on anyway.
 * - `subscribeDurable`: for work that must survive a crash. `publishWithin(tx, …)` writes one
 *   `event_deliveries` row per durable subscriber in the publisher's transaction, so the change and the
 *   promise to deliver commit together; after the commit the publisher delivers at once, and whatever a
 *   crash left is delivered by the `events.deliver` job. Delivery is at least once: handlers are idempotent.
 */

const id = z.guid();
const practiceId = id;
const when = z.coerce.date().nullable();

export const DOMAIN_EVENTS = {
  /** A booking was made. `callId`: the call it was booked for (the Appointment Processor), else null. */
  'appointment.booked': z.object({
    practiceId,
    confirmationNumber: z.string().nullable(),
    callId: id.nullable(),
  }),
  /**
   * Any booking the schedule service made, by whatever path (a tool call during a call, the Processor, a
   * Callback, Book Appointment): the booking confirmation text listens (issue 23).
   */
  'appointment.created': z.object({
    practiceId,
    appointmentId: z.string(),
    confirmationNumber: z.string(),
    patientId: z.string().nullable(),
    patientName: z.string(),
    /** E.164 or null when the practice system holds no usable number. */
    phone: z.string().nullable(),
    /** Practice wall time. */
    date: z.string(),
    time: z.string(),
    /** The voice platform's call id when a tool call during that call booked it (issue 24: recall calls). */
    providerCallId: z.string().optional(),
  }),
  'appointment.cancelled': z.object({ practiceId, appointmentId: z.string() }),
  'appointment.confirmed': z.object({ practiceId, appointmentId: z.string() }),
  /** A status-update of a call that has not ended (proof of life for an outbound call). */
  'call.updated': z.object({
    practiceId,
    callId: id,
    providerId: z.string(),
    type: z.string().nullable(),
    status: z.string().nullable(),
  }),
  /**
   * An end-of-call-report was stored (every time one arrives). It carries the stored call's facts that
   * subscribers filter on, so most need not read the call again.
   */
  'call.ended': z.object({
    practiceId,
    callId: id,
    providerId: z.string(),
    type: z.string().nullable(),
    endedReason: z.string().nullable(),
    startedAt: when,
    endedAt: when,
    durationSeconds: z.number().nullable(),
    transcript: z.string().nullable(),
  }),
  /** `callId`: null for a task opened from a text message. */
  'callback.closed': z.object({ practiceId, callbackId: id, callId: id.nullable() }),
  'practice.created': z.object({ practiceId, name: z.string() }),
} satisfies Record<string, z.ZodType<{ practiceId: string }>>;

export type EventType = keyof typeof DOMAIN_EVENTS;
export type EventPayload<K extends EventType> = z.infer<(typeof DOMAIN_EVENTS)[K]>;
export type EventHandler<K extends EventType> = (payload: EventPayload<K>) => Promise<void>;

/** Where failures go: names only. */
export interface EventLog {
  error(detail: object, message: string): void;
}

export interface EventBusOptions {
  db: Db;
  log: EventLog;
  /** How long a claimed delivery is held before another drain may take it (its process died). Default 60 s. */
  leaseMs?: number;
  /** Tries before a delivery is given up (kept, logged). Default 10. */
  maxAttempts?: number;
}

export interface DrainResult {
  delivered: number;
  failed: number;
}

export interface EventBus {
  subscribe<K extends EventType>(type: K, subscriber: string, handler: EventHandler<K>): void;
  subscribeDurable<K extends EventType>(type: K, subscriber: string, handler: EventHandler<K>): void;
  /** After the change committed: in-process subscribers, then the durable ones (written first, then run). */
  publish<K extends EventType>(type: K, payload: EventPayload<K>): Promise<void>;
  /**
   * Inside the change's transaction: writes the durable deliveries with it. Returns what to run once the
   * transaction committed (the in-process subscribers and the durable deliveries at once); if that never
   * runs (a crash), the drain delivers the durable ones.
   */
  publishWithin<K extends EventType>(tx: Tx, type: K, payload: EventPayload<K>): Promise<() => Promise<void>>;
  /** Delivers what is due (left by a crash, or failed earlier and due again). */
  drain(limit?: number): Promise<DrainResult>;
}

/** An event's payload did not fit its schema (a stored row from an older release, or a bug). */
export class EventPayloadError extends Error {
  override readonly name = 'EventPayloadError';
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'non-Error thrown');

export function createEventBus({ db, log, leaseMs = 60_000, maxAttempts = 10 }: EventBusOptions): EventBus {
  type AnyHandler = (payload: unknown) => Promise<void>;
  const inProcess = new Map<EventType, { subscriber: string; handler: AnyHandler }[]>();
  const durable = new Map<EventType, Map<string, AnyHandler>>();

  function parse<K extends EventType>(type: K, payload: unknown): EventPayload<K> {
    const parsed = DOMAIN_EVENTS[type].safeParse(payload);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(payload)'))];
      throw new EventPayloadError(
        `The ${type} event's payload does not fit its schema: ${fields.join(', ')}.`,
      );
    }
    return parsed.data as EventPayload<K>;
  }

  async function runInProcess(type: EventType, payload: unknown) {
    for (const { subscriber, handler } of inProcess.get(type) ?? []) {
      try {
        await handler(payload);
      } catch (error) {
        log.error({ event: type, subscriber, err: { type: errorName(error) } }, 'event subscriber failed');
      }
    }
  }

  async function write(q: Queryable, type: EventType, payload: EventPayload<EventType>): Promise<string[]> {
    const subscribers = [...(durable.get(type)?.keys() ?? [])];
    if (subscribers.length === 0) return [];
    const rows = await q
      .insert(eventDeliveries)
      .values(
        subscribers.map((subscriber) => ({
          practiceId: payload.practiceId,
          event: type,
          subscriber,
          payload,
        })),
      )
      .returning({ id: eventDeliveries.id });
    return rows.map((row) => row.id);
  }

  /** Claims due rows (leased, so a crash mid-delivery frees them), runs each, deletes it or schedules a retry. */
  async function deliver(ids: string[] | undefined, limit: number): Promise<DrainResult> {
    const due = db
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(
        and(
          lte(eventDeliveries.availableAt, sql`now()`),
          lt(eventDeliveries.attempts, maxAttempts),
          ids ? inArray(eventDeliveries.id, ids) : undefined,
        ),
      )
      .orderBy(asc(eventDeliveries.availableAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(eventDeliveries)
      .set({
        attempts: sql`${eventDeliveries.attempts} + 1`,
        availableAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(inArray(eventDeliveries.id, due))
      .returning();
    const result: DrainResult = { delivered: 0, failed: 0 };
    for (const row of claimed) {
      const type = row.event as EventType;
      try {
        const handler = durable.get(type)?.get(row.subscriber);
        if (!handler || !(type in DOMAIN_EVENTS))
          throw new EventPayloadError(`No subscriber ${row.subscriber} for ${row.event}.`);
        await handler(parse(type, row.payload));
        await db.delete(eventDeliveries).where(eq(eventDeliveries.id, row.id));
        result.delivered++;
      } catch (error) {
        result.failed++;
        // A payload that does not fit will never fit: given up at once rather than tried again.
        const attempts = error instanceof EventPayloadError ? maxAttempts : row.attempts;
        const backoffSeconds = Math.min(3600, 10 * 2 ** (attempts - 1));
        await db
          .update(eventDeliveries)
          .set({
            attempts,
            lastError: errorName(error),
            availableAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where(eq(eventDeliveries.id, row.id));
        log.error(
          {
            event: row.event,
            subscriber: row.subscriber,
            attempts,
            gaveUp: attempts >= maxAttempts,
            err: { type: errorName(error) },
          },
          'event delivery failed',
        );
      }
    }
    return result;
  }

  const afterCommit = (type: EventType, payload: unknown, ids: string[]) => async () => {
    await runInProcess(type, payload);
    if (ids.length) await deliver(ids, ids.length);
  };

  return {
    subscribe(type, subscriber, handler) {
      inProcess.set(type, [...(inProcess.get(type) ?? []), { subscriber, handler: handler as AnyHandler }]);
    },
    subscribeDurable(type, subscriber, handler) {
      const byName = durable.get(type) ?? new Map<string, AnyHandler>();
      if (byName.has(subscriber)) throw new Error(`${subscriber} already subscribes to ${type}.`);
      durable.set(type, byName.set(subscriber, handler as AnyHandler));
    },
    async publish(type, payload) {
      const parsed = parse(type, payload);
      await afterCommit(type, parsed, await write(db, type, parsed))();
    },
    async publishWithin(tx, type, payload) {
      const parsed = parse(type, payload);
      return afterCommit(type, parsed, await write(tx, type, parsed));
    },
    drain: (limit = 100) => deliver(undefined, limit),
  };
}

export const EVENTS_DELIVER_JOB = 'events.deliver';

/** Delivers durable events a crash left behind, and retries failed ones: every minute and at start. */
export const eventsDeliverJob = (events: Pick<EventBus, 'drain'>) =>
  defineJob<object>({
    name: EVENTS_DELIVER_JOB,
    payload: NO_PAYLOAD,
    cron: '* * * * *',
    runAtStart: true,
    retryLimit: 0,
    expireInSeconds: 300,
    run: () => events.drain(),
  });
