// Call Logs at scale (issue 13): 100,000 calls with realistic names, numbers and transcripts, then the list with
// a phone search, a name fragment, a status filter and the next page, one call's detail, and end-of-call-report
// ingest through POST /webhook. Each read runs with the read caches off (every request reads the database), as
// the app runs (ADR 037), and as it runs while calls are written 10 times a second from another connection.
// Run with `npm run bench -- calls`.
import { buildApp } from '../src/server/app';
import { calls } from '../src/server/db/schema/index';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { createRandom } from '../src/server/db/seed/random';
import { demoCalls, FIRST_NAMES, LAST_NAMES } from '../src/server/db/seed/voice-data';
import { listQuery, withPracticeNumbers, type CallQuery } from '../src/server/modules/calls/calls.repo';
import { parseSearch } from '../src/server/modules/calls/calls.service';
import {
  benchDatabase,
  CONNECTIONS,
  DURATION_SECONDS,
  listen,
  load,
  printTable,
  signIn,
  whileWriting,
} from './lib';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const WEBHOOK_SECRET = 'bench-webhook-secret';

// The demo generator's names, and more (some accented) so 100,000 calls have realistic variety.
const FIRST = [
  ...FIRST_NAMES,
  'José',
  'Zoë',
  'Chloé',
  'Björn',
  'Renée',
  'Inés',
  'Maël',
  'Søren',
  'Aaliyah',
  'Mateo',
  'Priya',
  'Wei',
  'Fatima',
  'Omar',
  'Hannah',
  'Grace',
  'Elijah',
  'Camila',
  'Nora',
  'Leo',
  'Yuki',
  'Anaïs',
  'François',
  'Łucja',
];
const LAST = [
  ...LAST_NAMES,
  'Müller',
  'Núñez',
  'Ångström',
  'Nguyen',
  'Kowalski',
  'O’Brien',
  'Dubois',
  'Rossi',
  'Papadopoulos',
  'Okafor',
  'Haddad',
  'Schmidt',
  'Fernández',
  'Patel',
  'Kim',
  'Yamamoto',
  'Novák',
  'Lindqvist',
  'Sánchez',
  'Costa',
  'Ivanova',
  'Jensen',
  'Bianchi',
  'Żak',
  'Hernández',
  'Mitchell',
  'Perez',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
];

const database = await benchDatabase();
const pool = database.db.$client;

// ---- 100,000 calls, in batches, on the demo practice's numbers and assistants ----
const seedStart = performance.now();
/** The demo practice (Bright Smile Dental, the first). */
const practiceId = (
  await pool.query<{ id: string }>('select id from practices order by created_at, id limit 1')
).rows[0]!.id;
const numbers = (
  await pool.query<{ id: string }>(
    'select id from phone_numbers where practice_id = $1 order by created_at',
    [practiceId],
  )
).rows;
const assistantRows = (
  await pool.query<{ id: string }>('select id from assistants where practice_id = $1 order by created_at', [
    practiceId,
  ])
).rows;
const random = createRandom(13);
const now = new Date();
for (let done = 0; done < CALLS; done += 1000) {
  const batch = demoCalls(random, now, Math.min(1000, CALLS - done)).map(
    ({ numberIndex, assistantIndex, ...call }) => ({
      ...call,
      practiceId,
      customerName: `${random.pick(FIRST)} ${random.pick(LAST)}`,
      customerNumber: `+1${random.pick(['212', '646', '917', '718', '347', '929'])}${String(random.int(2_000_000, 9_999_999))}`,
      phoneNumberId: numbers[numberIndex]?.id ?? null,
      assistantId: assistantRows[assistantIndex]?.id ?? null,
    }),
  );
  await database.db.insert(calls).values(batch);
}
// What autovacuum leaves a settled table in: statistics, and the visibility map index-only scans rely on.
await pool.query('vacuum analyze calls');
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

// What to search for: a caller's number written the way staff type it, and a name fragment.
const { customer_number: someNumber, id: someId } = (
  await pool.query<{ customer_number: string; id: string }>(
    'select customer_number, id from calls order by created_at desc offset 5000 limit 1',
  )
).rows[0]!;
const typedNumber = `(${someNumber.slice(2, 5)}) ${someNumber.slice(5, 8)}-${someNumber.slice(8)}`;
const nameFragment = 'lindq';
// "The last 4 digits" (issue 21): a reversed-number index range, OR-ed with the call ids these hex digits start.
const numberEnding = someNumber.slice(-4);
const firstPage = (await (await fetch(`${appUrl}/api/calls`, { headers: bearer })).json()) as {
  nextCursor: string;
};

// ---- The query plans relied on (docs/decisions/028-call-search.md) ----
async function explain(label: string, query: CallQuery, after?: { createdAt: string; id: string }) {
  const built = listQuery(database.db, await withPracticeNumbers(database.db, query), 50, after).toSQL();
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off, summary off) ${built.sql}`,
    built.params,
  );
  console.log(`\nEXPLAIN ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
// The demo practice's calls: every plan starts with its practice_id (the first column of every index).
const everyCall = { practiceId, scope: null };
await explain('phone search', { ...everyCall, search: parseSearch(typedNumber) });
await explain('number ending', { ...everyCall, search: parseSearch(numberEnding) });
await explain('name fragment', { ...everyCall, search: parseSearch(nameFragment) });
await explain('status filter', { ...everyCall, status: 'ended' });
const cursor = Buffer.from(firstPage.nextCursor, 'base64url').toString().split('|');
await explain('next page', everyCall, { createdAt: cursor[0]!, id: cursor[1]! });

// ---- Load ----
const q = (value: string) => encodeURIComponent(value);
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
  rows.push([`${label} (as it runs)`, result]);
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
    costBreakdown: { transport: 0.0008, stt: 0.0031, llm: 0.0012, tts: 0.0105, vapi: 0.0121, total: 0.0421 },
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
printTable(`Call Logs (${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${total} calls)`, rows);
const verdict = (value: number, target: number, atMost: boolean) =>
  (atMost ? value <= target : value >= target) ? 'met' : 'NOT met';
const [phone, name, status, next, detail] = asItRuns as [number, number, number, number, number];
console.log(
  `\nas it runs: list p99 (target <= 50 ms): phone ${phone} (${verdict(phone, 50, true)}), name ${name} (${verdict(name, 50, true)}), status ${status} (${verdict(status, 50, true)}), next page ${next} (${verdict(next, 50, true)})`,
);
console.log(`as it runs: detail p99 (target <= 20 ms): ${detail} (${verdict(detail, 20, true)})`);
// Every request answered 2xx is stored; requests still in flight when autocannon stops may be stored too.
const nothingLost = stored >= ingestResult.ok && stored <= ingestResult.sent;
console.log(
  `ingest (target >= 500/s): ${ingestResult.requestsPerSecond}/s (${verdict(ingestResult.requestsPerSecond, 500, false)}); ` +
    `sent ${ingestResult.sent}, answered 2xx ${ingestResult.ok}, calls added ${after - before}, stored ${stored}: ` +
    (nothingLost ? 'nothing lost' : 'LOST OR EXTRA CALLS'),
);

await uncachedApp.close();
await app.close();
await database.dispose();
