import type { AuditEvent, AuditFilter } from '#shared/schemas/audit';
import { isStorableInstant } from '#shared/storable-instant';
import { badRequest } from '../../errors';
import { storableText } from '../../plugins/input-text';
import type { PracticeContext } from '../../practice';
import type { AuditEntry, RequestContext } from '../../session';
import type { AuditQuery, AuditRepo, NewAuditEvent } from './audit.repo';

export type { AuditEntry, RequestContext };

/** Whose log is read: a practice sees its own entries (platform entries have no practice). */
type Practice = Pick<PracticeContext, 'id'>;

const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 1000;
const CSV_COLUMNS = [
  'at',
  'actorUserId',
  'actorName',
  'actorRole',
  'action',
  'resourceType',
  'resourceId',
  'outcome',
  'route',
  'detail',
  'clientAddress',
  'userAgent',
  'requestId',
] as const satisfies readonly (keyof AuditEvent)[];

function encodeCursor(event: { at: Date; id: number }): string {
  return Buffer.from(`${event.at.toISOString()}|${event.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  const number = Number(id);
  if (!isStorableInstant(date) || !Number.isSafeInteger(number)) throw badRequest('Invalid cursor.');
  return { at: date, id: number };
}

/** Quotes a CSV cell; a leading = + - @ is defused so spreadsheets do not run it as a formula. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Entries written by one INSERT at most. */
const BATCH_SIZE = 500;
/** How long the first entry of a batch waits for others (ADR 061): a few ms, off every request's path. */
const BATCH_DELAY_MS = 5;

export interface AuditBatching {
  batchSize?: number;
  delayMs?: number;
}

export function createAuditService(
  repo: AuditRepo,
  now: () => Date = () => new Date(),
  { batchSize = BATCH_SIZE, delayMs = BATCH_DELAY_MS }: AuditBatching = {},
) {
  const queue: { event: NewAuditEvent; written: () => void; failed: (error: unknown) => void }[] = [];
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let flushing = 0;

  /**
   * One INSERT at a time, of whatever gathered: entries wait up to `delayMs` for others (or until a batch is
   * full, or a flush), so a busy hour costs one write per few hundred entries instead of one per request.
   */
  function kick(): void {
    if (writing || queue.length === 0) return;
    if (flushing > 0 || queue.length >= batchSize || delayMs <= 0) {
      clearTimeout(timer);
      timer = undefined;
      writing = write();
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      flushing++;
      kick();
      flushing--;
    }, delayMs);
  }

  async function write(): Promise<void> {
    const batch = queue.splice(0, batchSize);
    try {
      await repo.insert(batch.map((entry) => entry.event));
      for (const entry of batch) entry.written();
    } catch {
      // One bad entry must not take the others with it: write them one by one.
      for (const entry of batch) {
        await repo.insert([entry.event]).then(entry.written, entry.failed);
      }
    }
    writing = undefined;
    kick();
  }

  function toQuery(filter: AuditFilter, limit: number, cursor?: string): AuditQuery {
    return {
      userId: filter.userId,
      action: filter.action,
      from: filter.from ? new Date(filter.from) : undefined,
      to: filter.to ? new Date(filter.to) : undefined,
      before: cursor ? decodeCursor(cursor) : undefined,
      limit,
    };
  }

  async function page(practice: Practice, filter: AuditFilter, limit: number, cursor?: string) {
    const rows = await repo.list(practice.id, toQuery(filter, limit + 1, cursor));
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    const events: AuditEvent[] = rows.slice(0, limit).map(({ event, actorName }) => ({
      ...event,
      id: String(event.id),
      at: event.at.toISOString(),
      actorName,
    }));
    return { events, nextCursor: last ? encodeCursor(last.event) : null };
  }

  return {
    /** Appends one entry; resolves once it is written (batched: ADR 061). `flush()` (and shutdown) write every pending one. */
    record(entry: AuditEntry): Promise<void> {
      const event: NewAuditEvent = {
        at: now(),
        actorUserId: entry.actor?.id ?? null,
        actorRole: entry.actor?.role ?? null,
        practiceId: entry.practiceId ?? null,
        action: storableText(entry.action),
        resourceType: storableText(entry.resourceType ?? null),
        resourceId: storableText(entry.resourceId ?? null),
        outcome: entry.outcome,
        route: storableText(entry.route ?? null),
        detail: storableText(entry.detail ?? null),
        clientAddress: storableText(entry.clientAddress ?? null),
        userAgent: storableText(entry.userAgent?.slice(0, 500) ?? null),
        requestId: storableText(entry.requestId ?? null),
      };
      return new Promise<void>((written, failed) => {
        queue.push({ event, written, failed });
        kick();
      });
    },

    /** Writes every pending entry now and waits for them (tests, shutdown). */
    async flush(): Promise<void> {
      flushing++;
      try {
        while (writing || queue.length > 0) {
          kick();
          await writing;
        }
      } finally {
        flushing--;
      }
    },

    /** The practice's own entries only. */
    list: (practice: Practice, filter: AuditFilter, limit: number, cursor?: string) =>
      page(practice, filter, limit, cursor),

    async exportCsv(practice: Practice, filter: AuditFilter): Promise<string> {
      const lines = [CSV_COLUMNS.join(',')];
      let cursor: string | undefined;
      do {
        const result = await page(practice, filter, CSV_PAGE, cursor);
        for (const event of result.events) {
          lines.push(CSV_COLUMNS.map((column) => csvCell(event[column])).join(','));
        }
        cursor = result.nextCursor ?? undefined;
      } while (cursor && lines.length <= CSV_MAX_ROWS);
      return lines.join('\r\n') + '\r\n';
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
