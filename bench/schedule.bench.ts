// The receptionist's hot paths on the built-in schedule:
// 1. POST /webhook tool-calls with findPatient + checkAvailability at 50 connections (target p99 <= 25 ms);
// 2. GET /api/appointments for one week holding 500 appointments (target p99 <= 50 ms).
// Run with `npm run bench -- schedule`.
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import {
  addMinutesToWall,
  dayRange,
  instantFromWall,
  wallAt,
  wallFromInstant,
} from '../src/server/integrations/practice-management/wall-time';
import { benchDatabase, CONNECTIONS, DURATION_SECONDS, listen, load, printTable, signIn } from './lib';

const SECRET = 'bench-webhook-secret-0123456789';
const ZONE = 'America/New_York';
const WEEK_SIZE = 500;

const database = await benchDatabase();
const pool = database.pool;

function nextMonday(): string {
  let date = wallFromInstant(new Date(), ZONE).slice(0, 10);
  do date = addMinutesToWall(`${date}T00:00:00`, 1440).slice(0, 10);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1);
  return date;
}

/** Fills the week up to WEEK_SIZE appointments with extra providers, straight in SQL. */
async function fillWeek(monday: string) {
  await pool.query(`insert into providers (name, display_name, kind)
    select 'Bench ' || g, 'Dr. Bench ' || g, 'dentist' from generate_series(1, 10) g`);
  const providers = (await pool.query<{ id: string }>('select id from providers order by created_at, name'))
    .rows;
  const patients = (await pool.query<{ id: string }>('select id from patients')).rows;
  const weekStart = dayRange(monday, ZONE).start;
  const existing = await pool.query<{ n: number }>(
    `select count(*)::int as n from appointments where starts_at >= $1 and starts_at < $1::timestamptz + interval '7 days'`,
    [weekStart],
  );
  let needed = WEEK_SIZE - existing.rows[0]!.n;
  for (let day = 0; day < 5 && needed > 0; day++) {
    const date = addMinutesToWall(`${monday}T00:00:00`, day * 1440).slice(0, 10);
    for (const minute of [420, 450, 480, 510, 1080, 1110, 1140, 1170, 1200, 1230]) {
      for (const provider of providers) {
        if (needed <= 0) break;
        const start = instantFromWall(wallAt(date, minute), ZONE);
        const inserted = await pool.query(
          `insert into appointments (patient_id, provider_id, appointment_type, starts_at, ends_at, status, notes, confirmation_number)
           values ($1, $2, 'dental_checkup', $3, $3::timestamptz + interval '30 minutes', 'confirmed',
                   'Phone: N/A\nEmail: N/A\nAppointment Type: Dental Checkup\nNotes: No additional notes', $4)
           on conflict do nothing`,
          [patients[needed % patients.length]!.id, provider.id, start, `B${String(needed).padStart(5, '0')}`],
        );
        needed -= inserted.rowCount ?? 0;
      }
    }
  }
}

const monday = nextMonday();
await fillWeek(monday);
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
