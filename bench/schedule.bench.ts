// The receptionist's hot paths on the built-in schedule:
// 1. POST /webhook tool-calls with findPatient + checkAvailability at 50 connections (target p99 <= 25 ms);
// 2. GET /api/appointments for one week holding 500 appointments (target p99 <= 50 ms).
// Each runs against the app with its read caches off (every request reads the database) and as it runs, caches
// on (ADR 022); the targets are for the latter. Run with `npm run bench -- schedule`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { addMinutesToWall } from '../src/server/lib/wall-time';
import {
  benchDatabase,
  CONNECTIONS,
  DURATION_SECONDS,
  demoPracticeId,
  fillWeek,
  listen,
  load,
  loadEach,
  nextMonday,
  printTable,
  signIn,
  whileWriting,
} from './lib';

const SECRET = 'bench-webhook-secret-0123456789';
const ZONE = 'America/New_York';
const WEEK_SIZE = 500;

const database = await benchDatabase();
const pool = database.pool;

const monday = nextMonday(ZONE);
await fillWeek(pool, monday, WEEK_SIZE, ZONE);
const options = {
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'warn',
  webhookSecret: SECRET,
};
const uncachedApp = await buildApp(options);
const uncachedUrl = await listen(uncachedApp);
await database.changes.start();
const app = await buildApp({ ...options, changes: database.changes });
const baseUrl = await listen(app);
const sessionId = await signIn(baseUrl, DEMO_ADMIN);
const practiceId = await demoPracticeId(pool);
const firstOf = async (sql: string) =>
  (await pool.query(sql, [practiceId])).rows[0] as Record<string, string>;
// The platform names the number called: it decides the practice (issue 22).
const { number: calledNumber } = await firstOf(
  'select number from phone_numbers where practice_id = $1 order by created_at limit 1',
);
// Callers differ: each request is another patient asking for another type, day and part of the day (the week
// filled to WEEK_SIZE and the next), as a busy day's calls would. One body repeated would measure a cache.
const phones = (
  await pool.query<{ phone: string }>('select phone from patients where practice_id = $1 order by phone', [
    practiceId,
  ])
).rows.map((row) => row.phone);
const TYPES = ['dental_checkup', 'dental_cleaning', 'filling', 'emergency_dental'];
const PREFERENCES = ['morning', 'afternoon', undefined];
const weekdays = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((days) =>
  addMinutesToWall(`${monday}T00:00:00`, days * 1440).slice(0, 10),
);
const toolCalls = Array.from({ length: 600 }, (_, i) => ({
  message: {
    type: 'tool-calls',
    phoneNumber: { number: calledNumber },
    // The patient calls from their own number: on a call, a record is named only to it (ADR 055).
    customer: { number: phones[i % phones.length] },
    toolCallList: [
      {
        id: `find-${i}`,
        type: 'function',
        function: { name: 'findPatient', arguments: { phone_number: phones[i % phones.length] } },
      },
      {
        id: `check-${i}`,
        type: 'function',
        function: {
          name: 'checkAvailability',
          arguments: {
            appointment_type: TYPES[i % TYPES.length],
            preferred_date: weekdays[(i * 7) % weekdays.length],
            time_preference: PREFERENCES[i % PREFERENCES.length],
          },
        },
      },
    ],
  },
}));
const sunday = addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10);
const saturday = addMinutesToWall(`${monday}T00:00:00`, 6 * 1440).slice(0, 10);
const weekPath = `/api/appointments?start=${sunday}&end=${saturday}`;
const bearer = { authorization: `Bearer ${sessionId}` };
const week = (await (await fetch(`${baseUrl}${weekPath}`, { headers: bearer })).json()) as {
  appointments: unknown[];
};
const secret = { 'x-vapi-secret': SECRET };
// A benchmark of refusals would measure nothing: the tools must answer, with times.
for (const body of toolCalls.slice(0, 24)) {
  const sample = await (
    await fetch(`${baseUrl}/webhook`, {
      method: 'POST',
      headers: { ...secret, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).text();
  if (sample.includes('success\\":false') || !sample.includes('available')) {
    throw new Error(`The webhook did not answer the tools: ${sample.slice(0, 300)}`);
  }
}

// The ceiling for the uncompressed week on this machine: a bare node:http server sending the same bytes from
// memory, with no work at all per request.
const weekBytes = Buffer.from(JSON.stringify(week));
const bare = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(weekBytes);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

// What Chromium sends: the calendar in a browser gets the week compressed.
const browser = { ...bearer, 'accept-encoding': 'gzip, deflate, br, zstd' };
const weekLabel = `GET /api/appointments, week of ${week.appointments.length}`;
const rows: Parameters<typeof printTable>[1] = [];
for (const [label, url] of [
  ['caches off', uncachedUrl],
  ['as it runs', baseUrl],
] as const) {
  rows.push([
    `POST /webhook findPatient + checkAvailability (${label})`,
    await loadEach(`${url}/webhook`, secret, toolCalls),
  ]);
  rows.push([`${weekLabel}, uncompressed (${label})`, await load(`${url}${weekPath}`, bearer)]);
  rows.push([`${weekLabel}, browser's Accept-Encoding (${label})`, await load(`${url}${weekPath}`, browser)]);
}
rows.push([
  `bare node:http sending the same ${Math.round(weekBytes.length / 1000)} kB from memory`,
  await load(bareUrl),
]);

// The caches under churn: an appointment is written 10 times a second, emptying every cache that reads
// appointments each time.
const { id: someAppointment } = await firstOf('select id from appointments where practice_id = $1 limit 1');
const churn = <T>(work: () => Promise<T>) =>
  whileWriting(database.url, 'update appointments set notes = notes where id = $1', [someAppointment], work);
rows.push([
  'POST /webhook findPatient + checkAvailability (as it runs, appointments written 10×/s)',
  await churn(() => loadEach(`${baseUrl}/webhook`, secret, toolCalls)),
]);
rows.push([
  `${weekLabel}, browser's Accept-Encoding (as it runs, appointments written 10×/s)`,
  await churn(() => load(`${baseUrl}${weekPath}`, browser)),
]);
printTable(`Schedule (${CONNECTIONS} connections, ${DURATION_SECONDS} s)`, rows);
console.log(`\ntargets (as it runs): webhook p99 <= 25 ms; week of appointments p99 <= 50 ms`);

bare.close();
await uncachedApp.close();
await app.close();
await database.dispose();
