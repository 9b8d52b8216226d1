import { TZDate } from '@date-fns/tz';
import { startOfMonth } from 'date-fns';
import type { CallDetail, CallFilter, CallListResponse, CallStats } from '#shared/schemas/calls';
import { foldForSearch } from '#shared/search-fold';
import { isStorableInstant } from '#shared/storable-instant';
import { badRequest } from '../../errors';
import type { EventBus } from '../../events';
import { toE164 } from '../../lib/phone';
import type { PracticeContext } from '../../practice';
import { readCallReport, type CallReport } from './call-report';
import type { CallScope } from '../scope';
import type {
  CallKey,
  CallQuery,
  CallSearch,
  createCallsRepo,
  PlacedCall,
  PlacedCallState,
  StoredCall,
} from './calls.repo';

type CallsRepo = ReturnType<typeof createCallsRepo>;

const PHONE_LIKE = /^[\d\s()+.-]+$/;
const ID_PREFIX = /^[0-9a-f-]+$/i;

/** The fewest digits a number search takes: "the last 4 digits" is how staff remember a caller. */
export const NUMBER_ENDING_MIN = 4;

/**
 * What a search term can mean: a whole phone number or its last digits (the caller's or the practice's number
 * that was called), part of a name, the start of a call id (any that apply).
 */
export function parseSearch(q: string): CallSearch {
  const search: CallSearch = {};
  const digits = q.replace(/\D/g, '');
  if (PHONE_LIKE.test(q) && digits.length >= NUMBER_ENDING_MIN) {
    const e164 = digits.length >= 7 ? toE164(q) : undefined;
    if (e164) search.number = e164;
    else search.numberEnding = digits;
  }
  // Names have letters and no digits. Two words or more are a name as it begins (ADR 060): an index range,
  // newest first, at any number of calls; one word is found anywhere in the name.
  if (/\p{L}/u.test(q) && !/\d/.test(q)) {
    const folded = foldForSearch(q).trim().replace(/\s+/g, ' ');
    if (folded.includes(' ')) search.namePrefix = folded;
    else search.nameFragment = folded;
  }
  const hex = q.replace(/-/g, '').toLowerCase();
  if (ID_PREFIX.test(q) && hex.length > 0 && hex.length <= 32) {
    const uuid = (h: string) =>
      `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    search.idRange = { low: uuid(hex.padEnd(32, '0')), high: uuid(hex.padEnd(32, 'f')) };
  }
  return search;
}

/**
 * The audit entry's words for a list request: the filter without what was typed. A name or number typed into the
 * search is patient data, so the entry says only which kinds of search the text was read as.
 */
export function describeListRequest(filter: CallFilter & { cursor?: string }): string {
  const search = filter.q ? parseSearch(filter.q) : undefined;
  const kinds = search
    ? [
        search.number && 'number',
        search.numberEnding && 'number ending',
        (search.nameFragment || search.namePrefix) && 'name',
        search.idRange && 'call id',
      ].filter((kind): kind is string => Boolean(kind))
    : [];
  return JSON.stringify({
    search: search ? (kinds.length ? kinds : ['unmatched']) : null,
    status: filter.status ?? null,
    page: filter.cursor ? 'next' : 'first',
  });
}

const INVALID_CURSOR = 'The cursor is not valid; start from the first page.';

export function encodeCursor(key: CallKey): string {
  return Buffer.from(`${key.createdAt}|${key.id}`).toString('base64url');
}

/** A cursor's time as encodeCursor writes it: microseconds, and a real day (JavaScript reads 2024-02-30). */
function isCursorTime(createdAt: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt)) return false;
  const at = new Date(createdAt);
  return isStorableInstant(at) && at.toISOString().slice(0, 19) === createdAt.slice(0, 19);
}

export function decodeCursor(cursor: string): CallKey {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  const valid =
    extra === undefined &&
    createdAt !== undefined &&
    isCursorTime(createdAt) &&
    id !== undefined &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
  if (!valid) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return { createdAt: createdAt!, id: id! };
}

export function createCallsService(
  repo: CallsRepo,
  now: () => Date = () => new Date(),
  /** Every stored report is published: `call.ended` (every time one arrives), else `call.updated`. */
  events?: Pick<EventBus, 'publish'>,
) {
  function query(practice: PracticeContext, scope: CallScope, filter: CallFilter): CallQuery {
    return {
      practiceId: practice.id,
      scope,
      ...(filter.q && { search: parseSearch(filter.q) }),
      ...(filter.status && { status: filter.status }),
    };
  }

  return {
    async list(
      practice: PracticeContext,
      scope: CallScope,
      filter: CallFilter & { limit: number; cursor?: string },
    ): Promise<CallListResponse> {
      const after = filter.cursor ? decodeCursor(filter.cursor) : undefined;
      const page = await repo.list(query(practice, scope, filter), filter.limit, after);
      return {
        calls: page.calls,
        nextCursor: page.last ? encodeCursor(page.last) : null,
        timeZone: practice.timeZone,
      };
    },

    /**
     * The stats' query, with "this month" (in the practice's time zone) fixed to an instant, so an answer can
     * be kept for that query.
     */
    statsQuery(
      practice: PracticeContext,
      scope: CallScope,
      filter: CallFilter & { period?: 'month' },
    ): CallQuery {
      const q = query(practice, scope, filter);
      if (filter.period === 'month') {
        q.since = new Date(startOfMonth(new TZDate(now().getTime(), practice.timeZone)).getTime());
      }
      return q;
    },

    stats: (query: CallQuery): Promise<CallStats> => repo.stats(query),

    find: (practice: PracticeContext, id: string, scope: CallScope): Promise<CallDetail | undefined> =>
      repo.find(practice.id, id, scope),

    /**
     * An outbound call just placed: in the log at once, with the assistant and number it was placed with.
     * Answers what the log already knew of it (its report may have come first), or undefined when the call is
     * another practice's.
     */
    recordPlaced: (practice: PracticeContext, placed: PlacedCall): Promise<PlacedCallState | undefined> =>
      repo.recordPlaced(practice.id, placed),

    /**
     * A status-update or end-of-call-report from the voice platform, for the practice the webhook resolved.
     * Without one (TRANSITIONAL, until the webhook resolves it: issue 22) the practice is found from the call
     * already stored, the number called or the assistant. Returns the call's id, or null when the message names
     * no call or no practice, or its call is another practice's (nothing is stored).
     */
    async ingest(message: unknown, resolved?: PracticeContext): Promise<string | null> {
      const report = readCallReport(message);
      if (!report) return null;
      const practice = resolved ?? (await repo.practiceOf(report));
      if (!practice) return null;
      const call = await repo.upsert(practice.id, report);
      if (!call) return null;
      if (events) await publishReport(events, report, call);
      return call.id;
    },
  };
}

/** The event a stored report makes: `call.ended` for an end-of-call-report, else `call.updated`. */
async function publishReport(events: Pick<EventBus, 'publish'>, report: CallReport, call: StoredCall) {
  const base = {
    practiceId: call.practiceId,
    callId: call.id,
    providerId: report.providerId,
    type: call.type,
  };
  if (report.status !== 'ended') return events.publish('call.updated', { ...base, status: report.status });
  return events.publish('call.ended', {
    ...base,
    endedReason: report.endedReason,
    startedAt: call.startedAt,
    endedAt: call.endedAt,
    durationSeconds: call.durationSeconds,
    transcript: call.transcript,
  });
}

export type CallsService = ReturnType<typeof createCallsService>;
export { isCallReport } from './call-report';
export type { PlacedCall, PlacedCallState } from './calls.repo';
