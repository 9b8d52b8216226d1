// Voice tool calls as callers make them (issue 26): POST /webhook with the platform's tool-calls message
// (findPatient by the number calling + checkAvailability, about 2 kB as the platform sends it), a caller number
// never seen before on every request, at 10 and 50 connections. Beside each figure, from the same minute: a
// bare node:http server making the same query on the same pool, and that query through `pg` alone; the load
// average beside each. Read caches are emptied before each run. Run with `npm run bench -- voice-tools`.
import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { cachedTables } from '../src/server/db/read-cache';
import { patients } from '../src/server/db/schema/index';
import { addMinutesToWall } from '../src/server/lib/wall-time';
import { countQueries } from '../src/server/test/query-counter';
import { bareHttpServer, barePgLoad, loadAverage } from './baseline';
import {
  benchDatabase,
  callerNumber,
  callers,
  cpuPerRequest,
  demoPracticeId,
  DURATION_SECONDS,
  listen,
  loadCallers,
  nextMonday,
  type LoadResult,
} from './lib';

const SECRET = 'bench-webhook-secret-0123456789';
const ZONE = 'America/New_York';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** For profiling the app alone (`node --cpu-prof`): BENCH_APP_ONLY=1 skips the baselines. */
const APP_ONLY = process.env.BENCH_APP_ONLY === '1';

const database = await benchDatabase();
const pool = database.pool;
await database.changes.start();
const queries = countQueries(pool);
const app = await buildApp({
  db: database.db,
  changes: database.changes,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'warn',
  webhookSecret: SECRET,
});
const appUrl = await listen(app);
const practiceId = await demoPracticeId(pool);
const line = (
  await pool.query<{ id: string; number: string; provider_id: string | null }>(
    'select id, number, provider_id from phone_numbers where practice_id = $1 order by created_at limit 1',
    [practiceId],
  )
).rows[0]!;

// The statement the app sends for findPatient, as drizzle builds it, under the name the app prepares it by
// (sandbox-adapter.ts): the bare server and pg send the same, sharing its preparation on the pool's connections.
const lookupSql = database.db
  .select()
  .from(patients)
  .where(and(eq(patients.practiceId, practiceId), eq(patients.phone, '+10000000000')))
  .orderBy(asc(patients.createdAt))
  .toSQL();
const lookup = (caller: string) => ({
  name: 'sandbox_patients_by_phone',
  text: lookupSql.sql,
  values: [practiceId, caller],
});
if (lookupSql.params[0] !== practiceId) throw new Error('unexpected parameter order in the patient lookup');

// The platform's tool-calls message (fixtures/vendor-samples/vapi/server-messages/tool-calls/08-…): both calls,
// their tool definitions, the call, the number called and the caller.
const monday = nextMonday(ZONE);
const days = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((d) =>
  addMinutesToWall(`${monday}T00:00:00`, d * 1440).slice(0, 10),
);
const TYPES = ['dental_checkup', 'dental_cleaning', 'filling', 'emergency_dental'];
const PREFERENCES = ['morning', 'afternoon', undefined];
const tool = (name: string, properties: string[]) => ({
  type: 'function',
  function: {
    name,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(properties.map((p) => [p, { type: 'string' }])),
    },
  },
  async: false,
  server: { url: 'https://reception.example/webhook', timeoutSeconds: 20 },
});
const templates = Array.from({ length: 120 }, (_, i) => {
  const check = {
    appointment_type: TYPES[i % TYPES.length],
    preferred_date: days[(i * 7) % days.length],
    ...(PREFERENCES[i % 3] && { time_preference: PREFERENCES[i % 3] }),
  };
  const calls = [
    { id: 'call_find___N__', type: 'function', function: { name: 'findPatient', arguments: {} } },
    { id: 'call_check___N__', type: 'function', function: { name: 'checkAvailability', arguments: check } },
  ];
  const message = {
    timestamp: 1772463901000,
    type: 'tool-calls',
    toolCallList: calls,
    toolWithToolCallList: [
      { ...tool('findPatient', ['phone_number', 'patient_name']), toolCall: calls[0] },
      {
        ...tool('checkAvailability', [
          'appointment_type',
          'preferred_date',
          'time_preference',
          'provider_name',
        ]),
        toolCall: calls[1],
      },
    ],
    call: {
      id: 'call-__N__',
      orgId: '5b050d60-0000-4000-8000-000000000001',
      createdAt: '2026-03-02T15:04:05.123Z',
      updatedAt: '2026-03-02T15:04:05.123Z',
      type: 'inboundPhoneCall',
      status: 'in-progress',
      phoneCallProvider: 'twilio',
      phoneCallProviderId: 'CA__N__',
      phoneCallTransport: 'pstn',
      phoneNumberId: line.provider_id ?? line.id,
      assistantId: 'df735d66-0000-4000-8000-000000000003',
      customer: { number: '__CALLER__' },
    },
    phoneNumber: {
      id: line.provider_id ?? line.id,
      orgId: '5b050d60-0000-4000-8000-000000000001',
      provider: 'twilio',
      number: line.number,
      name: 'Front desk',
      status: 'active',
    },
    customer: { number: '__CALLER__' },
    artifact: { messages: [], messagesOpenAIFormatted: [] },
  };
  return JSON.stringify({ message });
});
const headers = { 'x-vapi-secret': SECRET };

// The tools must answer (a benchmark of refusals measures nothing); the app's availability answers are what
// the bare server sends back.
const availability = new Map<string, string>();
for (const [i, template] of templates.entries()) {
  const body = template
    .replaceAll('__CALLER__', `+1212299${String(i).padStart(4, '0')}`)
    .replaceAll('__N__', `w${i}`);
  const response = await fetch(`${appUrl}/webhook`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  const { results } = (await response.json()) as {
    results: { name: string; result?: string; error?: string }[];
  };
  const [find, check] = results;
  if (!find?.result?.includes('No patient found') || !check?.result?.includes('available_slots'))
    throw new Error(`The webhook did not answer the tools: ${JSON.stringify(results).slice(0, 300)}`);
  const args = (JSON.parse(body) as { message: { toolCallList: { function: { arguments: unknown } }[] } })
    .message.toolCallList[1]!.function.arguments;
  availability.set(JSON.stringify(args), check.result);
}
if (Buffer.byteLength(templates[0]!) < 1500)
  throw new Error('the message is smaller than the platform sends');

/**
 * A bare node:http server answering the tool calls with the app's database work: the secret compared in constant
 * time, the body parsed, the patient looked up by the number calling (the same statement on the same pool), the
 * reply built with JSON.stringify; checkAvailability's answer is the app's own, by its arguments. No framework,
 * no validation, no audit entry, no tool logic, no caches.
 */
const secret = Buffer.from(SECRET);
const bare = await bareHttpServer(async (request) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const header = Buffer.from(String(request.headers['x-vapi-secret'] ?? ''));
  if (header.length !== secret.length || !timingSafeEqual(header, secret))
    return { status: 401, body: { error: 'unauthorized' } };
  const { message } = JSON.parse(Buffer.concat(chunks).toString()) as {
    message: {
      customer?: { number?: string };
      toolCallList: { id: string; function: { name: string; arguments: unknown } }[];
    };
  };
  const { rows } = await pool.query<{ id: string; given_name: string; family_name: string; phone: string }>(
    lookup(message.customer?.number ?? ''),
  );
  const patient = rows[0];
  const found = patient
    ? { success: true, patient: { id: patient.id, name: `${patient.given_name} ${patient.family_name}` } }
    : { success: false, patient: null, message: 'No patient found with that phone number.' };
  return {
    results: message.toolCallList.map(({ id, function: { name, arguments: args } }) => ({
      toolCallId: id,
      name,
      result:
        name === 'findPatient' ? JSON.stringify(found) : (availability.get(JSON.stringify(args)) ?? '{}'),
    })),
  };
});

/** The patient lookup through `pg` alone, `connections` at once, a caller never asked about each time. */
async function barePg(connections: number): Promise<LoadResult> {
  const first = callers.next;
  const figure = await barePgLoad(pool, (i, query) => query(lookup(callerNumber(first + i))), {
    connections,
    seconds: DURATION_SECONDS,
  });
  callers.next += figure.sent;
  return figure;
}

const emptyCaches = () => database.changes.wrote([...cachedTables]);
const rows: {
  what: string;
  connections: number;
  figure: LoadResult;
  load: string;
  perRequest: string;
  cpu?: number;
}[] = [];
// Both servers warmed up first (not measured): a server that has run a while has its code compiled, and the
// app has far more of it than the bare server. The read caches are still emptied before every measured run.
for (const url of APP_ONLY ? [appUrl] : [appUrl, bare.url])
  await loadCallers(`${url}/webhook`, headers, templates, 10, 3);
for (let round = 0; round < ROUNDS; round++) {
  for (const connections of [10, 50]) {
    emptyCaches();
    let figure!: LoadResult;
    let cpu!: number;
    const sent = await queries.during(async () => {
      ({ figure, cpu } = await cpuPerRequest(() =>
        loadCallers(`${appUrl}/webhook`, headers, templates, connections),
      ));
    });
    const load = loadAverage();
    await app.inject({ method: 'GET', url: '/api/ready' });
    const requests = figure.requestsPerSecond * DURATION_SECONDS;
    const audits = sent.filter((text) => text.startsWith('insert into audit_events')).length;
    const perRequest = `${((sent.length - audits) / requests).toFixed(2)} + ${(audits / requests).toFixed(3)} audit`;
    rows.push({ what: 'app (POST /webhook, as it runs)', connections, figure, load, perRequest, cpu });
    if (APP_ONLY) continue;
    const bareRun = await cpuPerRequest(() =>
      loadCallers(`${bare.url}/webhook`, headers, templates, connections),
    );
    rows.push({
      what: 'bare node:http, same query, same pool',
      connections,
      figure: bareRun.figure,
      load: loadAverage(),
      perRequest: '1',
      cpu: bareRun.cpu,
    });
    const pgFigure = await barePg(connections);
    rows.push({
      what: 'the query through pg alone',
      connections,
      figure: pgFigure,
      load: loadAverage(),
      perRequest: '1',
    });
  }
}

console.log(
  `\nVoice tool calls, a new caller on every request (${DURATION_SECONDS} s per run, ${Buffer.byteLength(templates[0]!)}-byte message)`,
);
console.log(
  '| what | connections | requests/s | p50 ms | p99 ms | errors | load average (1, 5, 15 min) | queries/request | server CPU µs/request |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { what, connections, figure: f, load, perRequest, cpu } of rows)
  console.log(
    `| ${what} | ${connections} | ${f.requestsPerSecond} | ${f.p50} | ${f.p99} | ${f.non2xx} | ${load} | ${perRequest} | ${cpu ?? '–'} |`,
  );
for (let i = 0; !APP_ONLY && i < rows.length; i += 3) {
  const [appRow, bareRow] = [rows[i]!.figure, rows[i + 1]!.figure];
  const cpuRatio = rows[i]!.cpu! / rows[i + 1]!.cpu!;
  console.log(
    `${rows[i]!.connections} connections: app p99 ÷ bare http p99 = ${(appRow.p99 / bareRow.p99).toFixed(2)} (target ≤ 1.5), throughput ${(appRow.requestsPerSecond / bareRow.requestsPerSecond).toFixed(2)} of bare, CPU per request ${cpuRatio.toFixed(2)}× bare`,
  );
}

queries.restore();
await bare.close();
await app.close();
await database.dispose();
