import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { OutboundSettings } from '#shared/schemas/outbound-calls';
import type { Db } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { outboundCalls } from '../../db/schema/index';
import { isVoiceError, type VoicePort } from '../../integrations/voice/index';
import { safeErrorSummary } from '../../plugins/error-handler';
import type { PracticeContext } from '../../practice';
import type { AssistantsService } from '../assistants/assistants.service';
import type { CallsService } from '../calls/calls.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import type { OutboundAppointment } from '../../db/schema/index';
import type { CallEvent } from './call-events';
import { nextWindowStart } from './calling-window';
import type { OutboundCallRow, OutboundCallsRepo } from './outbound-calls.repo';

export interface DispatcherDeps {
  db: Db;
  repo: OutboundCallsRepo;
  voice: VoicePort;
  assistants: Pick<AssistantsService, 'forCalls'>;
  phoneNumbers: Pick<PhoneNumbersService, 'platformId'>;
  /** The practice system, read again just before a call about an appointment is placed. */
  schedule: Pick<ScheduleService, 'forPractice' | 'appointment'>;
  /** Call Logs: a placed call is logged with its assistant and number. */
  calls: Pick<CallsService, 'recordPlaced'>;
  /** Settles a call from its report (call-events.ts): here, for a report that came before the placement. */
  onCallEvent(practice: PracticeContext, event: CallEvent): Promise<void>;
  /** Where a problem that does not stop the dispatch is told (never with patient data). */
  warn?: (detail: object, message: string) => void;
  now?: () => Date;
  /** A call marked `calling` whose placement has not been stored after this long was cut off by a crash. */
  placementGraceMs?: number;
  /** How long a run waits for a free slot before looking again. */
  pollMs?: number;
}

export interface DispatchResult {
  placed: number;
  /** Calls in flight right after the last claim (never above the maximum). */
  highestInFlight: number;
}

/** Extra time over the assistant's max duration before a silent call is looked up on the platform. */
const SETTLE_MARGIN_SECONDS = 120;

const TRANSIENT_RETRY_MS = 60_000;

/**
 * How often a run that waits for a free slot repairs again: with several instances, the slots it waits for
 * may be held by calls of an instance that died, which only a repair frees.
 */
const REPAIR_WHILE_WAITING_MS = 5_000;

/** Platform statuses of a call that is over. */
const ENDED = new Set(['ended', 'completed', 'failed', 'canceled', 'cancelled']);

/**
 * Places pending outbound calls (ADR 036): inside the calling window only, never more `calling` than the
 * maximum. Each call is marked `calling` with a fresh placement key in the same transaction that claims it,
 * before the voice port is asked, and the port places a key at most once; so a crash anywhere is repaired by
 * placing the same key again, and no patient is called twice.
 */
export function createDispatcher({
  db,
  repo,
  voice,
  assistants,
  phoneNumbers,
  schedule,
  calls,
  onCallEvent,
  warn = () => undefined,
  now = () => new Date(),
  placementGraceMs = 60_000,
  pollMs = 250,
}: DispatcherDeps) {
  const variablesOf = (row: OutboundCallRow): Record<string, string> => ({
    patientName: row.patientName,
    callType: row.callType,
    appointmentDate: row.appointment?.date ?? '',
    appointmentTime: row.appointment?.time ?? '',
    provider: row.appointment?.provider ?? '',
    appointmentType: row.appointment?.type ?? '',
    customMessage: row.message ?? '',
    appointmentId: row.appointmentRef ?? '',
    // The practice system's id: a recall call books with it (bookAppointment's patient_id).
    patientId: row.patientId,
  });

  /** The platform's ids of the call's assistant and number (ours where they live only here). */
  async function platformIds(row: OutboundCallRow) {
    const [assistant, phoneNumberId] = await Promise.all([
      assistants.forCalls(row.practiceId, row.assistantId),
      phoneNumbers.platformId(row.practiceId, row.phoneNumberId),
    ]);
    return assistant && phoneNumberId ? { assistantId: assistant.platformId, phoneNumberId } : undefined;
  }

  /**
   * The call's appointment as the practice system has it now (moved since it was queued: its new time), or
   * why there is nothing to call about. Undefined when the call is about no appointment, or the system could
   * not be read: the copy taken when the call was queued stands.
   */
  async function appointmentNow(
    practice: PracticeContext,
    row: OutboundCallRow,
  ): Promise<OutboundAppointment | { gone: string } | undefined> {
    if (!row.appointmentRef) return undefined;
    try {
      const appointment = await schedule.appointment(
        await schedule.forPractice(practice),
        row.appointmentRef,
      );
      if (!appointment) return { gone: 'The appointment is no longer in the practice system.' };
      if (appointment.cancelled) return { gone: 'The appointment was cancelled before the call.' };
      if (appointment.completed || appointment.start <= now())
        return { gone: 'The appointment had started before the call was due.' };
      return {
        date: appointment.wallStart.slice(0, 10),
        time: appointment.wallStart.slice(11, 16),
        provider: appointment.providers[0]?.displayName ?? row.appointment?.provider ?? '',
        type: appointment.appointmentType ?? row.appointment?.type ?? '',
      };
    } catch (error) {
      warn(
        { err: safeErrorSummary(error as Error), outboundCallId: row.id },
        'appointment not read before a call',
      );
      return undefined;
    }
  }

  /** `placedSince`: a repair, the attempt may have been placed since then (see `recover`). */
  async function place(
    practice: PracticeContext,
    queued: OutboundCallRow,
    placedSince?: Date,
  ): Promise<boolean> {
    const key = queued.placementKey!;
    // A first attempt reads the appointment again: a call about a cancelled visit is not placed, and one
    // moved since is told its new time. A repair places what the first attempt asked.
    const current = placedSince ? undefined : await appointmentNow(practice, queued);
    if (current && 'gone' in current) {
      await settle(queued, 'failed', current.gone);
      return false;
    }
    const row = current ? { ...queued, appointment: current } : queued;
    const ids = await platformIds(row);
    if (!ids) {
      await settle(row, 'failed', 'The assistant or phone number was deleted.');
      return false;
    }
    let placedId: string;
    try {
      const remote = await voice.createOutboundCall({
        ...ids,
        customer: { number: row.phoneNumber, name: row.patientName },
        variables: variablesOf(row),
        placementKey: key,
        ...(placedSince && { placedSince }),
      });
      await db
        .update(outboundCalls)
        .set({ vapiCallId: remote.id, appointment: row.appointment, updatedAt: now() })
        .where(
          and(
            eq(outboundCalls.practiceId, row.practiceId),
            eq(outboundCalls.id, row.id),
            eq(outboundCalls.placementKey, key),
          ),
        );
      placedId = remote.id;
    } catch (error) {
      const reason = isVoiceError(error) ? error.message : 'The call could not be placed.';
      if (isVoiceError(error) && (error.code === 'rate_limited' || error.code === 'unavailable')) {
        // The platform is busy or away: the call waits and is placed again later, as a new attempt.
        await db
          .update(outboundCalls)
          .set({
            status: 'pending',
            notBefore: new Date(now().getTime() + TRANSIENT_RETRY_MS),
            lastError: reason,
          })
          .where(
            and(
              eq(outboundCalls.practiceId, row.practiceId),
              eq(outboundCalls.id, row.id),
              eq(outboundCalls.placementKey, key),
            ),
          );
      } else {
        await settle(row, 'failed', reason);
      }
      return false;
    }
    // Not a reason to fail the placement: the platform's reports still bring the call into the log.
    const logged = await calls
      .recordPlaced(practice, {
        providerId: placedId,
        assistantId: row.assistantId,
        phoneNumberId: row.phoneNumberId,
        customerName: row.patientName,
        customerNumber: row.phoneNumber,
        placedAt: now(),
      })
      .catch((error: unknown) =>
        warn(
          { err: safeErrorSummary(error as Error), outboundCallId: row.id },
          'placed call not written to Call Logs',
        ),
      );
    // Its report came before its id was written here (a very short call, or one played again after a restart):
    // the report found no call to settle then, so it settles it now.
    if (logged?.status === 'ended') await onCallEvent(practice, { providerId: placedId, ...logged });
    return true;
  }

  async function settle(row: OutboundCallRow, status: 'completed' | 'failed', reason: string | null) {
    await db
      .update(outboundCalls)
      .set({ status, lastError: reason, updatedAt: now() })
      .where(
        and(
          eq(outboundCalls.practiceId, row.practiceId),
          eq(outboundCalls.id, row.id),
          eq(outboundCalls.status, 'calling'),
        ),
      );
  }

  /**
   * Claims a practice's due calls up to its free slots (its own maximum), marking them `calling` with their
   * placement key. The lock is the practice's: practices claim side by side, one claim per practice at a time.
   */
  async function claim(
    practice: PracticeContext,
    settings: OutboundSettings,
  ): Promise<{ rows: OutboundCallRow[]; inFlight: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCKS.outboundDispatch}, hashtext(${practice.id}))`,
      );
      const [busy] = await tx
        .select({ n: count() })
        .from(outboundCalls)
        .where(and(eq(outboundCalls.practiceId, practice.id), eq(outboundCalls.status, 'calling')));
      const free = settings.maxConcurrentCalls - busy!.n;
      if (free <= 0) return { rows: [], inFlight: busy!.n };
      const due = await tx
        .select({ id: outboundCalls.id })
        .from(outboundCalls)
        .where(repo.dueCondition(practice.id, now()))
        .orderBy(asc(outboundCalls.createdAt), asc(outboundCalls.id))
        .limit(free)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { rows: [], inFlight: busy!.n };
      const rows = await tx
        .update(outboundCalls)
        .set({
          status: 'calling',
          attempts: sql`${outboundCalls.attempts} + 1`,
          placementKey: sql`${outboundCalls.id}::text || ':' || (${outboundCalls.attempts} + 1)`,
          placedAt: now(),
          vapiCallId: null,
          lastError: null,
          updatedAt: now(),
        })
        .where(
          inArray(
            outboundCalls.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      return { rows, inFlight: busy!.n + rows.length };
    });
  }

  /**
   * Repairs what a crash left: a claimed call whose placement was never stored is placed again under the same
   * key (the port answers the call it already placed, if it did); a placed call silent for longer than its
   * maximum duration is looked up on the platform and settled when over. Across practices: each call is
   * placed for its own; a suspended practice's claimed calls wait for its reactivation.
   */
  async function recover(): Promise<number> {
    await voice.resumeLostCalls?.();
    const cutOff = new Date(now().getTime() - placementGraceMs);
    const unplaced = await db
      .select()
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.status, 'calling'),
          isNull(outboundCalls.vapiCallId),
          lt(outboundCalls.placedAt, cutOff),
        ),
      );
    const owners = await repo.practices(unplaced.map((row) => row.practiceId));
    const placeable = unplaced.flatMap((row) => {
      const practice = owners.get(row.practiceId);
      return practice?.status === 'active' ? [{ practice, row }] : [];
    });
    await Promise.all(placeable.map(({ practice, row }) => place(practice, row, row.placedAt ?? undefined)));

    const placed = await db
      .select()
      .from(outboundCalls)
      .where(and(eq(outboundCalls.status, 'calling'), isNotNull(outboundCalls.vapiCallId)));
    const silent: OutboundCallRow[] = [];
    for (const call of placed) {
      const longest =
        (await assistants.forCalls(call.practiceId, call.assistantId))?.maxDurationSeconds ?? 600;
      const quietMs = now().getTime() - call.updatedAt.getTime();
      if (quietMs > (longest + SETTLE_MARGIN_SECONDS) * 1000) silent.push(call);
    }
    for (const call of silent) {
      try {
        const remote = await voice.getCall(call.vapiCallId!);
        if (ENDED.has(remote.status)) await settle(call, 'completed', null);
      } catch (error) {
        if (isVoiceError(error) && error.code === 'not_found') {
          await settle(call, 'failed', 'The voice platform has no record of this call.');
        }
      }
    }
    return placeable.length;
  }

  /**
   * Outside the practice's window (in its time zone), its due calls wait for the next start, and the history
   * says until when.
   */
  async function deferOutsideWindow(practice: PracticeContext, settings: OutboundSettings): Promise<boolean> {
    const opens = nextWindowStart(settings.callingWindow, practice.timeZone, now());
    if (!opens) return false;
    await db
      .update(outboundCalls)
      .set({ notBefore: opens, updatedAt: now() })
      .where(
        and(
          eq(outboundCalls.practiceId, practice.id),
          eq(outboundCalls.status, 'pending'),
          or(isNull(outboundCalls.notBefore), lt(outboundCalls.notBefore, opens)),
        ),
      );
    return true;
  }

  return {
    recover,

    /**
     * Places due calls until none is left (waiting for free slots) or `maxMs` has passed: those of `practiceId`
     * when given (a job sent when that practice queued calls), else of every active practice, each with its
     * own settings, window, assistant and number. A call that ends frees its slot through the calls ingest
     * (onCallReport).
     */
    async run(maxMs = 50_000, practiceId?: string): Promise<DispatchResult> {
      const stopAt = Date.now() + maxMs;
      const result: DispatchResult = { placed: 0, highestInFlight: 0 };
      await recover();
      let repairedAt = Date.now();
      for (;;) {
        let claimed = 0;
        let waiting = 0;
        for (const practice of await repo.practicesWithDueCalls(now(), practiceId)) {
          const settings = await repo.settings(practice.id);
          if (await deferOutsideWindow(practice, settings)) continue;
          waiting++;
          const { rows, inFlight } = await claim(practice, settings);
          result.highestInFlight = Math.max(result.highestInFlight, inFlight);
          const placed = await Promise.all(rows.map((row) => place(practice, row)));
          result.placed += placed.filter(Boolean).length;
          claimed += rows.length;
        }
        if (claimed === 0) {
          if (waiting === 0 || Date.now() > stopAt) return result;
          await sleep(pollMs);
          if (Date.now() - repairedAt > REPAIR_WHILE_WAITING_MS) {
            await recover();
            repairedAt = Date.now();
          }
        }
      }
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
