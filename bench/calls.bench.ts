// Call Logs at scale (issues 13 and 26). BENCH_CALLS calls (default 100,000; 10,000 and 1,000,000 are measured
// too) with realistic names, numbers and transcripts, generated in SQL (bench/calls-data.ts).
//
// First the reads as staff make them, every request another one (distinct numbers, name fragments, full names,
// cursors and call ids), with the read caches off, each beside its baselines from the same minute: the same SQL
// from a bare node:http server and through `pg` alone (bench/baseline.ts), with the load average.
// Then (unless BENCH_CALLS_ONLY=distinct) issue 13's figures, each read one repeated URL: caches off, as the app
// runs (which measures the read cache, ADR 037), and as it runs while calls are written 10 times a second; and
// end-of-call-report ingest through POST /webhook.
// Run with `npm run bench -- calls` (BENCH_CALLS=1000000 npm run bench -- calls for a million).
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createAuthRepo, hashSessionId } from '../src/server/modules/auth/auth.repo';
import { withPracticeNumbers, type CallQuery } from '../src/server/modules/calls/calls.repo';
import { detailStatement, listStatement, type Statement } from '../src/server/modules/calls/calls.sql';
import { decodeCursor, encodeCursor, parseSearch } from '../src/server/modules/calls/calls.service';
import { visibleCalls } from '../src/server/modules/scope';
import { bareHttpServer, barePgLoad, compareReads, loadAverage, printComparison } from './baseline';
import { FIRST, LAST, seedCalls } from './calls-data';
import {
  benchDatabase,
  CONNECTIONS,
  demoPracticeId,
  DURATION_SECONDS,
  listen,
  load,
  loadGets,
  printTable,
  signIn,
  whileWriting,
} from './lib';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const ONLY_DISTINCT = process.env.BENCH_CALLS_ONLY === 'distinct';
const WEBHOOK_SECRET = 'bench-webhook-secret';
/** Different requests per read, taken in turn. */
const DISTINCT = 1000;

const database = await benchDatabase();
const pool = database.db.$client;

const seedStart = performance.now();
/** The demo practice (Bright Smile Dental, the first). */
const practiceId = await demoPracticeId(pool);
await seedCalls(pool, practiceId, CALLS);
const total = (await pool.query<{ n: number }>('select count(*)::int as n from calls')).rows[0]!.n;
console.log(`seeded ${total} calls in ${Math.round((performance.now() - seedStart) / 1000)} s`);

await database.changes.start();
const options = {
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'warn',
  webhookSecret: WEBHOOK_SECRET,
} as const;
// Without a change feed no read cache keeps anything (sessions included): every request reads the database.
const uncachedApp = await buildApp(options);
const uncachedUrl = await listen(uncachedApp);
const app = await buildApp({ ...options, changes: database.changes });
const appUrl = await listen(app);
const sessionId = await signIn(appUrl, DEMO_ADMIN);
const bearer = { authorization: `Bearer ${sessionId}` };

// ---- Distinct requests: what staff search for and open, sampled from the calls (the same every run) ----
await pool.query('select setseed(0.26)');
const sample = (
  await pool.query<{ id: string; customer_number: string; customer_name: string; cursor_at: string }>(
    `select id, customer_number, customer_name,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
     from calls where practice_id = $1 order by random() limit $2`,
    [practiceId, DISTINCT],
  )
).rows;
const typed = (number: string) => `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
const q = (value: string) => encodeURIComponent(value);
const folded = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const distinct = {
  phone: sample.map((row) => `/api/calls?q=${q(typed(row.customer_number))}`),
  // The start of a last name, as staff type it (the first five letters), in turn over every last name.
  fragment: [...new Set(LAST.map((last) => folded(last).slice(0, 5)))].map((f) => `/api/calls?q=${q(f)}`),
  // A caller's whole name: as stored (accents, capitals) for half, as typed without them for the other half.
  fullName: sample.map(
    (row, i) => `/api/calls?q=${q(i % 2 ? folded(row.customer_name) : row.customer_name)}`,
  ),
  nextPage: sample.map(
    (row) => `/api/calls?cursor=${encodeCursor({ createdAt: row.cursor_at, id: row.id })}`,
  ),
  detail: sample.map((row) => `/api/calls/${row.id}`),
};
console.log(
  `distinct requests: ${sample.length} numbers, ${distinct.fragment.length} fragments, ` +
    `${new Set(sample.map((row) => row.customer_name)).size} full names (${FIRST.length} × ${LAST.length} possible), ` +
    `${sample.length} cursors, ${sample.length} calls`,
);

// ---- The SQL the app sends for each read, as the bare server and bare SQL send it too ----
const sessions = createAuthRepo(database.db);
const sessionHash = hashSessionId(sessionId);

/** What the app reads for a request to `url` (its session, then the list or the call), answered as raw rows. */
async function bareRead(url: URL): Promise<unknown> {
  const session = await sessions.findSession(sessionHash, { fresh: true });
  if (!session?.practice) return { status: 401, body: { error: 'unauthorized' } };
  const scope = visibleCalls(session.principal);
  const id = /^\/api\/calls\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
  if (id) {
    const { rows } = await pool.query(detailStatement(session.practice.id, id, scope));
    return rows[0] ? { call: rows[0] } : undefined;
  }
  if (url.pathname !== '/api/calls') return undefined;
  const { rows } = await pool.query<{ cursor_at: string; id: string }>(
    await listSql(session.practice.id, scope, url.searchParams),
  );
  const last = rows.length > 50 ? rows[49]! : undefined;
  return {
    calls: rows.slice(0, 50),
    nextCursor: last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}

async function listSql(
  practice: string,
  scope: CallQuery['scope'],
  params: URLSearchParams,
): Promise<Statement> {
  const search = params.get('q');
  const cursor = params.get('cursor');
  const query = await withPracticeNumbers(database.db, {
    practiceId: practice,
    scope,
    ...(search && { search: parseSearch(search.trim()) }),
  });
  return listStatement(query, 50, cursor ? decodeCursor(cursor) : undefined);
}

// ---- The query plans at this size (ADR 060) ----
async function explain(label: string, statement: Statement) {
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.values,
  );
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) ${label}, ${total} calls\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
  );
}
const params = (path: string) => new URL(path, 'http://127.0.0.1').searchParams;
const everyCall = { practiceId, scope: null };
await explain('phone search', await listSql(practiceId, null, params(distinct.phone[0]!)));
await explain('name fragment (lindq)', await listSql(practiceId, null, params(`/api/calls?q=lindq`)));
await explain('full name', await listSql(practiceId, null, params(distinct.fullName[0]!)));
await explain('next page', await listSql(practiceId, null, params(distinct.nextPage[0]!)));
await explain('call detail', detailStatement(practiceId, sample[0]!.id, everyCall.scope));

// ---- App (caches off), bare node:http, bare SQL: each read in the same minute ----
const bare = await bareHttpServer((_request, url) => bareRead(url));
const reads = [
  ['phone search', distinct.phone],
  ['name fragment', distinct.fragment],
  ['full name', distinct.fullName],
  ['next page', distinct.nextPage],
  ['call detail', distinct.detail],
] as const;
const withBearer = (paths: readonly string[]) => paths.map((path) => ({ path, headers: bearer }));
console.log(`\nload average before the distinct runs: ${loadAverage()}`);
/** BENCH_CALLS_READS=full,detail measures only the reads whose names contain one of these words. */
const only = process.env.BENCH_CALLS_READS?.split(',');
const measured = reads.filter(([read]) => !only || only.some((word) => read.includes(word)));
// Each request once through the app before any is measured: the rows they read are then in the database's cache
// for all three runs of a read, and the app's code is compiled. Without it the app, measured first, met a cold
// cache that its own run warmed for the bare server (the first read by as much as 260 µs of database CPU each).
const warmStart = performance.now();
const toWarm = measured.flatMap(([, paths]) => paths);
let warmed = 0;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (warmed < toWarm.length) {
      const response = await fetch(`${uncachedUrl}${toWarm[warmed++]!}`, { headers: bearer });
      if (!response.ok) throw new Error(`warm-up: ${response.status}`);
      await response.arrayBuffer();
    }
  }),
);
console.log(`warmed: ${toWarm.length} requests in ${Math.round(performance.now() - warmStart)} ms`);
const comparison = await compareReads(
  measured.map(([read, paths]) => ({
    read,
    app: () => loadGets(uncachedUrl, withBearer(paths)),
    bareHttp: () => loadGets(bare.url, withBearer(paths)),
    bareSql: () => barePgLoad(pool, (i) => bareRead(new URL(paths[i % paths.length]!, 'http://127.0.0.1'))),
  })),
  undefined,
  database.dataDir,
);
await bare.close();
const meets = (row: (typeof comparison)[number]) =>
  row.app.p99 <= 1.5 * row.bareHttp.p99 && row.app.requestsPerSecond >= 0.8 * row.bareHttp.requestsPerSecond;
printComparison(
  `Call Logs, distinct requests, read caches off (${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${total} calls)`,
  comparison,
  (row) => (meets(row) ? 'met' : 'NOT met'),
);
console.log('goal: app p99 <= 1.5 x bare http p99 and app requests/s >= 0.8 x bare http requests/s');

if (!ONLY_DISTINCT) await repeatedUrls();

await uncachedApp.close();
await app.close();
await database.dispose();

/** Issue 13's figures: one URL per read, repeated; as the app runs these measure the read cache (ADR 037). */
async function repeatedUrls() {
  const { customer_number: someNumber, id: someId } = (
    await pool.query<{ customer_number: string; id: string }>(
      'select customer_number, id from calls order by created_at desc offset 5000 limit 1',
    )
  ).rows[0]!;
  const typedNumber = typed(someNumber);
  const nameFragment = 'lindq';
  // "The last 4 digits" (issue 21): a reversed-number index range, OR-ed with the call ids these hex digits start.
  const numberEnding = someNumber.slice(-4);
  const firstPage = (await (await fetch(`${appUrl}/api/calls`, { headers: bearer })).json()) as {
    nextCursor: string;
  };
  const reads = [
    ['GET /api/calls?q=<phone as typed> (list, phone search)', `/api/calls?q=${q(typedNumber)}`],
    ['GET /api/calls?q=<last 4 digits> (list, number ending)', `/api/calls?q=${q(numberEnding)}`],
    [`GET /api/calls?q=${nameFragment} (list, name fragment)`, `/api/calls?q=${q(nameFragment)}`],
    ['GET /api/calls?status=ended (list, status filter)', '/api/calls?status=ended'],
    ['GET /api/calls?cursor=… (next page)', `/api/calls?cursor=${firstPage.nextCursor}`],
    ['GET /api/calls/{id}', `/api/calls/${someId}`],
  ] as const;

  // A call written 10 times a second from another connection: every cached list, stats and call is dropped.
  const churn = <T>(work: () => Promise<T>) =>
    whileWriting(database.url, 'update calls set updated_at = now() where id = $1', [someId], work);

  const rows: Parameters<typeof printTable>[1] = [];
  const asItRuns: number[] = [];
  for (const [label, path] of reads)
    rows.push([`${label} (caches off)`, await load(`${uncachedUrl}${path}`, bearer)]);
  for (const [label, path] of reads) {
    const result = await load(`${appUrl}${path}`, bearer);
    asItRuns.push(result.p99);
    rows.push([`${label} (as it runs: the cache)`, result]);
  }
  for (const [label, path] of reads)
    rows.push([
      `${label} (as it runs, calls written 10×/s)`,
      await churn(() => load(`${appUrl}${path}`, bearer)),
    ]);

  // end-of-call-report with a fresh call id per request (autocannon's [<id>] replacement).
  const before = (await pool.query<{ n: number }>('select count(*)::int as n from calls')).rows[0]!.n;
  const report = {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      startedAt: '2026-03-02T15:04:06.000Z',
      endedAt: '2026-03-02T15:06:20.500Z',
      cost: 0.0421,
      costBreakdown: {
        transport: 0.0008,
        stt: 0.0031,
        llm: 0.0012,
        tts: 0.0105,
        vapi: 0.0121,
        total: 0.0421,
      },
      analysis: { summary: 'Caller booked a cleaning for Monday 9:30 AM.', successEvaluation: 'true' },
      artifact: {
        transcript:
          'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?\n' +
          'User: Hi, I would like to book a cleaning next Monday morning.\n' +
          'AI: I have 9:30 AM with Dr. Chen. Shall I book it?\nUser: Yes please.\n' +
          'AI: You are all set. Your confirmation number is BSD-4821.',
        messages: [
          {
            role: 'bot',
            message: 'Thank you for calling Bright Smile Dental.',
            time: 1772463846000,
            secondsFromStart: 0,
          },
          {
            role: 'user',
            message: 'Hi, I would like to book a cleaning.',
            time: 1772463850000,
            secondsFromStart: 4,
          },
        ],
        recordingUrl: 'https://storage.vapi.ai/bench-mono.wav',
        stereoRecordingUrl: 'https://storage.vapi.ai/bench-stereo.wav',
      },
      phoneNumber: { number: '+12125550143' },
      customer: { number: '+19175550142', name: 'Bench Caller' },
      call: { id: 'bench-[<id>]', type: 'inboundPhoneCall', createdAt: '2026-03-02T15:04:05.123Z' },
    },
  };
  const ingestResult = await load(`${appUrl}/webhook`, { 'x-vapi-secret': WEBHOOK_SECRET }, report, ['-I']);
  const after = (await pool.query<{ n: number }>('select count(*)::int as n from calls')).rows[0]!.n;
  const stored = (
    await pool.query<{ n: number }>(`select count(*)::int as n from calls where provider_id like 'bench-%'`)
  ).rows[0]!.n;

  rows.push(['POST /webhook end-of-call-report (new call each)', ingestResult]);
  printTable(
    `Call Logs, one repeated URL per read (${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${total} calls; load average after: ${loadAverage()})`,
    rows,
  );
  const verdict = (value: number, target: number, atMost: boolean) =>
    (atMost ? value <= target : value >= target) ? 'met' : 'NOT met';
  const [phone, ending, name, status, next, detail] = asItRuns as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  console.log(
    `\nas it runs: list p99 (target <= 50 ms): phone ${phone} (${verdict(phone, 50, true)}), ending ${ending} (${verdict(ending, 50, true)}), name ${name} (${verdict(name, 50, true)}), status ${status} (${verdict(status, 50, true)}), next page ${next} (${verdict(next, 50, true)})`,
  );
  console.log(`as it runs: detail p99 (target <= 20 ms): ${detail} (${verdict(detail, 20, true)})`);
  // Every request answered 2xx is stored; requests still in flight when autocannon stops may be stored too.
  const nothingLost = stored >= ingestResult.ok && stored <= ingestResult.sent;
  console.log(
    `ingest (target >= 500/s): ${ingestResult.requestsPerSecond}/s (${verdict(ingestResult.requestsPerSecond, 500, false)}); ` +
      `sent ${ingestResult.sent}, answered 2xx ${ingestResult.ok}, calls added ${after - before}, stored ${stored}: ` +
      (nothingLost ? 'nothing lost' : 'LOST OR EXTRA CALLS'),
  );
}
