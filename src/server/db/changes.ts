import pg from 'pg';

/**
 * Which tables changed, for the read caches (ADR 022). Two sources:
 * - every process hears PostgreSQL's NOTIFY on `table_changes`, sent by statement triggers (migration 0006)
 *   when a transaction commits, whoever wrote;
 * - this process's own writes are reported as soon as they commit (the pool's clients watch their statements),
 *   so a request that follows a write never reads the cache from before it.
 * While the LISTEN connection is down, `live` is false and caches read through.
 */
export const CHANGE_CHANNEL = 'table_changes';

/** The changed tables, or null for "anything may have changed" (the feed was down for a while). */
export type ChangeListener = (tables: ReadonlySet<string> | null) => void;

export interface TableChanges {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
}

export interface ChangeFeed extends TableChanges {
  /** Reports tables this process wrote, once the write is committed. */
  wrote(tables: Iterable<string>): void;
  /** Starts listening; resolves once the first LISTEN is in place (or failed, retrying in the background). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;
const HEARTBEAT_PREFIX = 'heartbeat:';

export interface ChangeFeedOptions {
  /** A LISTEN connection of its own (never a pooled one). */
  connect: () => pg.Client;
  /** Sends `payload` on CHANGE_CHANNEL from another connection, as a write from another process would. */
  probe: (payload: string) => Promise<unknown>;
  /** How often delivery is proved; a heartbeat not heard by the next one takes the feed down. */
  heartbeatMs?: number;
}

export function createChangeFeed({ connect, probe, heartbeatMs = 10_000 }: ChangeFeedOptions): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let beat = 0;
  let heard = 0;

  const emit = (tables: ReadonlySet<string> | null) => {
    for (const listener of listeners) listener(tables);
  };

  function down(failed: pg.Client) {
    if (client !== failed) return;
    client = undefined;
    live = false;
    clearInterval(heartbeat);
    emit(null);
    failed.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
  }

  async function listen(): Promise<void> {
    const next = connect();
    client = next;
    next.on('error', () => down(next));
    next.on('end', () => down(next));
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(HEARTBEAT_PREFIX))
        heard = Math.max(heard, Number(payload.slice(HEARTBEAT_PREFIX.length)));
      else emit(new Set(payload.split(',')));
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch {
      down(next);
      return;
    }
    if (client !== next) return;
    live = true;
    // Whatever was written before LISTEN took effect was never heard: start from nothing.
    emit(null);
    // A connection can look open and still hear nothing (a dead peer, a pooler that drops notifications):
    // each beat sends a notification the way other processes do, and the next beat checks it arrived.
    beat = heard;
    heartbeat = setInterval(() => {
      if (heard < beat) {
        down(next);
        return;
      }
      beat++;
      probe(`${HEARTBEAT_PREFIX}${beat}`).catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();
  }

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wrote(tables) {
      const set = new Set(tables);
      if (set.size > 0) emit(set);
    },
    start: () => listen(),
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      live = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

type Effect = 'begin' | 'commit' | 'rollback' | readonly string[];

const WRITTEN_TABLE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const effects = new Map<string, Effect | null>();

/** What a statement means for the caches: a transaction boundary, the tables it writes, or nothing. */
export function statementEffect(text: string): Effect | null {
  let effect = effects.get(text);
  if (effect !== undefined) return effect;
  if (/^\s*(?:begin|start\s+transaction)\b/i.test(text)) effect = 'begin';
  else if (/^\s*(?:commit|end)\b/i.test(text)) effect = 'commit';
  else if (/^\s*rollback\b(?!\s+to\b)/i.test(text)) effect = 'rollback';
  else {
    const tables = [...text.matchAll(WRITTEN_TABLE)].map((m) => m[1]!.toLowerCase());
    effect = tables.length > 0 ? tables : null;
  }
  if (effects.size > 2000) effects.clear();
  effects.set(text, effect);
  return effect;
}

type Callback = (error: Error | null, result: unknown) => void;

/**
 * A pg.Client that reports the tables its statements wrote to `wrote`: at once outside a transaction, at
 * COMMIT inside one, never after ROLLBACK. Reported when the statement settles, before its caller resumes.
 */
export function changeReportingClient(wrote: (tables: Iterable<string>) => void): typeof pg.Client {
  return class ChangeReportingClient extends pg.Client {
    #pending: Set<string> | undefined;

    constructor(...args: ConstructorParameters<typeof pg.Client>) {
      super(...args);
      // A checked-out client whose connection dies (database restarted, backend killed) fails its query
      // with the error; pg also emits it as an event, which without a listener would end the process.
      this.on('error', () => undefined);
    }

    #settle(effect: Effect) {
      if (effect === 'begin') this.#pending = new Set();
      else if (effect === 'rollback') this.#pending = undefined;
      else if (effect === 'commit') {
        const tables = this.#pending;
        this.#pending = undefined;
        if (tables) wrote(tables);
      } else if (this.#pending) for (const table of effect) this.#pending.add(table);
      else wrote(effect);
    }

    // pg's query() takes (text | config, values?, callback?) and returns a promise when no callback is given.
    override query(...args: unknown[]): never {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const effect = typeof text === 'string' ? statementEffect(text) : null;
      if (!effect || typeof (config as { submit?: unknown }).submit === 'function') {
        return (super.query as (...a: unknown[]) => never)(...args);
      }
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = ((error, result) => {
          this.#settle(effect);
          callback(error, result);
        }) satisfies Callback;
        return (super.query as (...a: unknown[]) => never)(...args);
      }
      const result = (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
      return result.then(
        (value) => {
          this.#settle(effect);
          return value;
        },
        (error: unknown) => {
          this.#settle(effect);
          throw error;
        },
      ) as never;
    }
  };
}
