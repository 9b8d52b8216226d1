// The receptionist's hot paths on the built-in schedule:
// 1. POST /webhook tool-calls with findPatient + checkAvailability at 50 connections (target p99 <= 25 ms);
// 2. GET /api/appointments for one week holding 500 appointments (target p99 <= 50 ms).
// Run with `npm run bench -- schedule`.
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { addMinutesToWall } from '../src/server/integrations/practice-management/wall-time';
import {
  benchDatabase,
  CONNECTIONS,
  DURATION_SECONDS,
  fillWeek,
  listen,
  load,
  nextMonday,
  printTable,
  signIn,
} from './lib';

const SECRET = 'bench-webhook-secret-0123456789';
const ZONE = 'America/New_York';
const WEEK_SIZE = 500;

const database = await benchDatabase();
const pool = database.pool;

const monday = nextMonday(ZONE);
await fillWeek(pool, monday, WEEK_SIZE, ZONE);
const app = await buildApp({
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'warn',
  webhookSecret: SECRET,
});
const baseUrl = await listen(app);
const sessionId = await signIn(baseUrl, DEMO_ADMIN);
const phone = (await pool.query<{ phone: string }>('select phone from patients order by created_at limit 1'))
  .rows[0]!.phone;
const thursday = addMinutesToWall(`${monday}T00:00:00`, 3 * 1440).slice(0, 10);
const toolCalls = {
  message: {
    type: 'tool-calls',
    toolCallList: [
      {
        id: 'find-1',
        type: 'function',
        function: { name: 'findPatient', arguments: { phone_number: phone } },
      },
      {
        id: 'check-1',
        type: 'function',
        function: {
          name: 'checkAvailability',
          arguments: {
            appointment_type: 'dental_checkup',
            preferred_date: thursday,
            time_preference: 'afternoon',
          },
        },
      },
    ],
  },
};
const sunday = addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10);
const saturday = addMinutesToWall(`${monday}T00:00:00`, 6 * 1440).slice(0, 10);
const weekUrl = `${baseUrl}/api/appointments?start=${sunday}&end=${saturday}`;
const bearer = { authorization: `Bearer ${sessionId}` };
const week = (await (await fetch(weekUrl, { headers: bearer })).json()) as { appointments: unknown[] };

const webhook = await load(`${baseUrl}/webhook`, { 'x-vapi-secret': SECRET }, toolCalls);
const appointments = await load(weekUrl, bearer);
printTable(`Schedule (${CONNECTIONS} connections, ${DURATION_SECONDS} s)`, [
  ['POST /webhook tool-calls: findPatient + checkAvailability', webhook],
  [`GET /api/appointments, one week of ${week.appointments.length} appointments`, appointments],
]);
console.log(`\ntargets: webhook p99 <= 25 ms; week of appointments p99 <= 50 ms`);

await app.close();
await database.dispose();
