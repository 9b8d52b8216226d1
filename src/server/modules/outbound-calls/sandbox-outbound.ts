import { randomUUID } from 'node:crypto';
import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { calls, outboundCalls, phoneNumbers, sandboxOutboundPlacements } from '../../db/schema/index';
import type { OutboundCallRequest, RemoteCall, VoiceConfig, VoicePort } from '../../integrations/voice/index';
import { isUuid } from '../../lib/uuid';

export interface SandboxOutboundDeps {
  app: App;
  db: Db;
  secret: string;
  /** How long the simulated call takes from placement to its end (default 1.5 s). */
  durationMs?: number;
  now?: () => Date;
}

/** How long after its call should have ended an unfinished placement is taken as lost by its process. */
const LOST_MARGIN_MS = 5_000;

/** The visit a recall call books. */
const RECALL_VISIT = 'dental_cleaning';

type ToolAnswer = Record<string, unknown> & { success?: boolean; error?: unknown };

interface Slot {
  date: string;
  time: string;
  provider_id: string;
  provider_name: string;
}

/** How the simulated call ends, by the number's last digit (0 no answer, 9 busy, else answered). */
export function sandboxOutcome(number: string): string {
  const last = number.trim().slice(-1);
  if (last === '0') return 'customer-did-not-answer';
  if (last === '9') return 'customer-busy';
  return 'customer-ended-call';
}

/**
 * The built-in voice platform's outbound calls: each placement key is placed once (recorded in
 * `sandbox_outbound_placements`, which is also what tests count), and the call's status-update and
 * end-of-call-report go to POST /webhook with the shared secret, so the calls ingest handles them exactly as
 * it handles the platform's.
 */
export function createSandboxOutbound({
  app,
  db,
  secret,
  durationMs = 1500,
  now = () => new Date(),
}: SandboxOutboundDeps) {
  const pending = new Set<NodeJS.Timeout>();

  async function post(message: Record<string, unknown>): Promise<unknown> {
    const response = await app.inject({
      method: 'POST',
      url: '/webhook',
      headers: { 'x-vapi-secret': secret },
      payload: { message },
    });
    if (response.statusCode !== 200) {
      app.log.warn({ status: response.statusCode }, 'sandbox call event refused');
      return undefined;
    }
    return response.json();
  }

  function later(id: string, request: OutboundCallRequest): void {
    const timer = setTimeout(() => {
      pending.delete(timer);
      play(id, request).catch((error: Error) =>
        app.log.error({ err: { type: error.name } }, 'sandbox outbound call failed'),
      );
    }, durationMs);
    pending.add(timer);
  }

  /** Our E.164 of the number a call is placed from (by the platform's id, else ours). */
  async function lineOf(phoneNumberId: string): Promise<string | undefined> {
    if (!phoneNumberId) return undefined;
    const [row] = await db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(
        or(
          eq(phoneNumbers.providerId, phoneNumberId),
          isUuid(phoneNumberId) ? eq(phoneNumbers.id, phoneNumberId) : undefined,
        ),
      );
    return row?.number ?? undefined;
  }

  async function play(id: string, request: OutboundCallRequest): Promise<void> {
    const startedAt = now();
    const vars = request.variables ?? {};
    // A recall call uses the booking tools: the webhook finds the practice and its schedule by our number,
    // as it does for a call to it (a number that lives only here has no platform id to go by).
    const line = vars.callType === 'recall' ? await lineOf(request.phoneNumberId) : undefined;
    const call = {
      id,
      type: 'outboundPhoneCall',
      ...(line && { phoneNumber: { number: line } }),
      ...(request.phoneNumberId && { phoneNumberId: request.phoneNumberId }),
      ...(request.assistantId && { assistantId: request.assistantId }),
      customer: {
        number: request.customer.number,
        ...(request.customer.name && { name: request.customer.name }),
      },
      createdAt: startedAt.toISOString(),
    };
    const endedReason = sandboxOutcome(request.customer.number);
    const answered = endedReason === 'customer-ended-call';
    if (answered) await post({ type: 'status-update', status: 'in-progress', call });
    const endedAt = new Date(startedAt.getTime() + durationMs);
    let transcript = '';
    if (answered && vars.callType === 'recall') transcript = await recallConversation(call, vars);
    else if (answered)
      transcript = `AI: Hello ${vars.patientName ?? ''}, this is a ${vars.callType ?? 'courtesy'} call about your appointment on ${vars.appointmentDate ?? ''} at ${vars.appointmentTime ?? ''}.\nUser: Thank you, goodbye.`;
    await post({
      type: 'end-of-call-report',
      endedReason,
      call,
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      ...(answered && { artifact: { transcript } }),
    });
  }

  /**
   * A recall call (issue 24): the scripted patient wants a visit, and the receptionist books it with the same
   * tools a real call uses: `checkAvailability`, then `bookAppointment` for an offered time with the patient's
   * id, posted to POST /webhook as `tool-calls`, so the booking lands in the schedule as from the platform.
   * The tool call ids come from the call's id: a call played again after a restart books under the same keys.
   */
  async function recallConversation(call: Record<string, unknown>, vars: Record<string, string>) {
    const lines: string[] = [];
    let serial = 0;
    async function tool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
      const answer = (await post({
        type: 'tool-calls',
        call,
        toolCallList: [
          {
            id: `sandbox_${String(call.id)}_${++serial}`,
            type: 'function',
            function: { name, arguments: args },
          },
        ],
      })) as { results?: { result?: string; error?: string }[] } | undefined;
      const [reply] = answer?.results ?? [];
      if (reply?.error !== undefined) return { success: false, error: reply.error };
      return reply?.result ? (JSON.parse(reply.result) as ToolAnswer) : { success: false };
    }
    const firstName = (vars.patientName ?? '').trim().split(/\s+/)[0] ?? '';
    lines.push(
      `AI: Hello ${firstName}, this is the practice calling: you are due for your routine visit. Shall I find you a time?`,
      'User: Yes, please. What is the first opening?',
    );
    const found = await tool('checkAvailability', { appointment_type: RECALL_VISIT });
    const slots = found.success ? ((found.available_slots as Slot[] | undefined) ?? []) : [];
    if (slots.length === 0 || !vars.patientId) {
      lines.push(
        'AI: I am sorry, I have no opening to offer right now. We will call you back.',
        'User: Okay, thanks.',
      );
      return lines.join('\n');
    }
    let booked: ToolAnswer = { success: false };
    // A time taken meanwhile: the next one offered, at most three.
    for (const slot of slots.slice(0, 3)) {
      lines.push(
        `AI: ${booked.error === undefined ? 'The first opening is' : `That did not work: ${String(booked.error)} I can offer`} ${slot.date} at ${slot.time} with ${slot.provider_name}. Shall I book it?`,
        'User: Yes, please book it.',
      );
      booked = await tool('bookAppointment', {
        appointment_type: RECALL_VISIT,
        date: slot.date,
        time: slot.time,
        provider_id: slot.provider_id,
        patient_id: vars.patientId,
        notes: 'Booked on a recall call',
      });
      if (booked.success) break;
    }
    const appointment = booked.appointment as
      { confirmation_number: string; date: string; time: string; provider_name: string } | undefined;
    if (booked.success && appointment) {
      lines.push(
        `AI: You are all set for ${appointment.date} at ${appointment.time} with ${appointment.provider_name}. Your confirmation number is ${appointment.confirmation_number}.`,
        'User: Thank you, goodbye.',
      );
    } else {
      lines.push(
        `AI: I am sorry, I could not book it: ${String(booked.error ?? 'unknown error')} We will call you back.`,
        'User: Okay, thanks.',
      );
    }
    return lines.join('\n');
  }

  /**
   * Plays the unfinished placements older than `olderThanMs`. Each is claimed by moving its `created_at` to
   * now in the same statement, so of several instances looking at once only one plays it.
   */
  async function takeOver(olderThanMs: number): Promise<number> {
    const ended = db
      .select({ one: sql`1` })
      .from(calls)
      .where(and(eq(calls.providerId, sandboxOutboundPlacements.callId), eq(calls.status, 'ended')));
    const taken = await db
      .update(sandboxOutboundPlacements)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          lt(sandboxOutboundPlacements.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
          notExists(ended),
        ),
      )
      .returning();
    for (const p of taken) {
      later(p.callId, {
        assistantId: p.request.assistantId ?? '',
        phoneNumberId: p.request.phoneNumberId ?? '',
        customer: { number: p.request.number, ...(p.request.name && { name: p.request.name }) },
        ...(p.request.variables && { variables: p.request.variables }),
      });
    }
    return taken.length;
  }

  /**
   * The practice placing the call: the outbound call's (the dispatcher's placement key starts with its id),
   * else the practice of the number it is placed from.
   */
  async function practiceOf(request: OutboundCallRequest): Promise<string> {
    const outboundCallId = request.placementKey?.split(':')[0];
    if (outboundCallId && isUuid(outboundCallId)) {
      const [row] = await db
        .select({ practiceId: outboundCalls.practiceId })
        .from(outboundCalls)
        .where(eq(outboundCalls.id, outboundCallId));
      if (row) return row.practiceId;
    }
    const [number] = await db
      .select({ practiceId: phoneNumbers.practiceId })
      .from(phoneNumbers)
      .where(
        or(
          eq(phoneNumbers.providerId, request.phoneNumberId),
          isUuid(request.phoneNumberId) ? eq(phoneNumbers.id, request.phoneNumberId) : undefined,
        ),
      );
    if (!number) throw new Error('The sandbox voice cannot tell which practice places this call.');
    return number.practiceId;
  }

  return {
    async place(request: OutboundCallRequest): Promise<RemoteCall> {
      const key = request.placementKey ?? randomUUID();
      const [fresh] = await db
        .insert(sandboxOutboundPlacements)
        .values({
          practiceId: await practiceOf(request),
          placementKey: key,
          callId: randomUUID(),
          request: {
            assistantId: request.assistantId,
            phoneNumberId: request.phoneNumberId,
            number: request.customer.number,
            ...(request.customer.name && { name: request.customer.name }),
            ...(request.variables && { variables: request.variables }),
          },
        })
        .onConflictDoNothing()
        .returning();
      if (!fresh) {
        const [placed] = await db
          .select()
          .from(sandboxOutboundPlacements)
          .where(eq(sandboxOutboundPlacements.placementKey, key));
        return { id: placed!.callId, status: 'queued' };
      }
      later(fresh.callId, request);
      return { id: fresh.callId, status: 'queued' };
    },

    /**
     * Finishes the calls a previous process placed but never played (it was killed or stopped): the sandbox
     * platform lives in our process, so a restart must end its calls as the real platform would have. Run once
     * at boot, before this process places anything, so every unfinished placement belongs to a process that is
     * gone, however recently it died; unless another instance is still playing one, in which case the ingest
     * takes the second set of events as repeats (an ended call stays ended).
     */
    resumeOrphans: () => takeOver(0),

    /**
     * Finishes the calls of an instance that died while this one runs (several instances on one database):
     * a placement not ended well after its call's length lost its player. Run by the dispatcher's repair.
     */
    resumeLost: () => takeOver(durationMs + LOST_MARGIN_MS),

    /** The call as our ingest stored it, or queued while only placed. */
    async find(id: string): Promise<RemoteCall | undefined> {
      const [stored] = await db.select({ status: calls.status }).from(calls).where(eq(calls.providerId, id));
      if (stored) return { id, status: stored.status };
      const [placed] = await db
        .select()
        .from(sandboxOutboundPlacements)
        .where(eq(sandboxOutboundPlacements.callId, id));
      return placed ? { id, status: 'queued' } : undefined;
    },

    /** Drops simulations not yet played (app shutdown). */
    stop(): void {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

export type SandboxOutbound = ReturnType<typeof createSandboxOutbound>;

/** The voice configuration with the sandbox's outbound calls plugged in (a ready port is left alone). */
export function withSandboxCalls(
  voice: VoiceConfig | VoicePort,
  sandbox: SandboxOutbound,
): VoiceConfig | VoicePort {
  if ('listAssistants' in voice) return voice;
  return {
    ...voice,
    sandbox: {
      onOutboundCall: sandbox.place,
      findCall: sandbox.find,
      resumeLostCalls: sandbox.resumeLost,
      ...voice.sandbox,
    },
  };
}
