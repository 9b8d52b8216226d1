// A 5,000-patient reminder campaign by text (issue 23): the demo practice gets 5,000 patients with a visit
// tomorrow, its reminders go by text, and the daily campaign plans them (one text per appointment, through the
// opt-out, limit and idempotency checks) and the sender sends them through the built-in sandbox, whose delivery
// reports come back through POST /webhooks/twilio/status. Reports the planning time, the sending time at a
// raised pace (Twilio's own is about one segment per second per long code, so 5,000 texts take 5,000 s on one
// number: the figure here is our overhead), the time until every text is delivered, and the peak memory.
// Run with `npm run bench -- messaging`.
import { loadavg } from 'node:os';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from '../src/shared/schemas/outbound-calls';
import { composeApp } from '../src/server/app';
import { outboundSettings } from '../src/server/db/schema/index';
import { addMinutesToWall, wallFromInstant } from '../src/server/lib/wall-time';
import { benchDatabase, demoPracticeId } from './lib';

const PATIENTS = Number(process.env.BENCH_MESSAGING_PATIENTS ?? 5_000);
/** Segments per second per sender number, raised from Twilio's 1 so the run measures our own work. */
const PACE = Number(process.env.BENCH_MESSAGING_PACE ?? 10_000);
const PROVIDERS = 50;

const database = await benchDatabase();
const { app, modules } = await composeApp({
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'silent',
  webhookSecret: 'bench-webhook-secret',
  textSender: { segmentsPerSecond: PACE },
});
await app.ready();

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, memory.rss);
  peakHeap = Math.max(peakHeap, memory.heapUsed);
};
const sampler = setInterval(sample, 20);
const count = async (where: string, practiceId: string) =>
  (
    await database.pool.query<{ n: number }>(
      `select count(*)::int as n from messages where practice_id = $1 and ${where}`,
      [practiceId],
    )
  ).rows[0]!.n;

try {
  const pool = database.pool;
  const practiceId = await demoPracticeId(pool);
  const practice = (await modules.schedule.service.practice(practiceId))!;
  const { rows: numbers } = await pool.query<{ number: string }>(
    'select number from phone_numbers where practice_id = $1 and number is not null order by created_at limit 1',
    [practiceId],
  );
  await modules.messaging.service.updateSettings(practice, { senderNumber: numbers[0]!.number });
  const settings: OutboundSettings = {
    ...DEFAULT_OUTBOUND_SETTINGS,
    callingWindow: { start: '00:00', end: '23:59' },
    callTypes: {
      ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
      reminder: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder, channel: 'sms', daysBefore: 1 },
      confirmation: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.confirmation, automatic: false },
    },
  };
  await database.db
    .insert(outboundSettings)
    .values({ practiceId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });

  // Tomorrow in the practice's time zone: 50 providers, 100 ten-minute visits each from 05:00.
  const tomorrow = addMinutesToWall(
    `${wallFromInstant(new Date(), practice.timeZone).slice(0, 10)}T00:00:00`,
    1440,
  ).slice(0, 10);
  await pool.query(
    `insert into providers (practice_id, name, display_name, kind)
     select $1, 'Text bench ' || g, 'Dr. Text ' || g, 'dentist' from generate_series(1, $2::int) g`,
    [practiceId, PROVIDERS],
  );
  await pool.query(
    `insert into patients (practice_id, given_name, family_name, phone)
     select $1, 'Pat' || g, 'Texter', '+1212' || lpad((7000000 + g)::text, 7, '0')
     from generate_series(1, $2::int) g`,
    [practiceId, PATIENTS],
  );
  await pool.query(
    `with p as (select id, row_number() over (order by phone) - 1 as i from patients
                where practice_id = $1 and family_name = 'Texter'),
          d as (select id, row_number() over (order by name) - 1 as j from providers
                where practice_id = $1 and name like 'Text bench %')
     insert into appointments (practice_id, patient_id, provider_id, appointment_type, starts_at, ends_at,
                               status, confirmation_number)
     select $1, p.id, d.id, 'dental_checkup',
            ($2::date + time '05:00' + (p.i / $3) * interval '10 minutes') at time zone $4,
            ($2::date + time '05:10' + (p.i / $3) * interval '10 minutes') at time zone $4,
            'pending', 'T' || lpad(p.i::text, 5, '0')
     from p join d on d.j = p.i % $3`,
    [practiceId, tomorrow, PROVIDERS, practice.timeZone],
  );
  const before = await count('true', practiceId);

  const planStart = performance.now();
  const queued = await modules.outboundCalls.campaigns.run(practiceId);
  const planMs = performance.now() - planStart;
  const planned = await count(`kind = 'reminder'`, practiceId);

  const sendStart = performance.now();
  let sent = 0;
  while ((await count(`status in ('pending', 'sending')`, practiceId)) > 0)
    sent += (await modules.messaging.sender.run(60_000, practiceId)).sent;
  const sendMs = performance.now() - sendStart;

  const deadline = Date.now() + 120_000;
  while ((await count(`kind = 'reminder' and status = 'delivered'`, practiceId)) < planned) {
    if (Date.now() > deadline) throw new Error('Not every text was delivered within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const deliveredMs = performance.now() - sendStart;
  sample();

  const texts = (await count('true', practiceId)) - before;
  console.log(`| reminder campaign, ${PATIENTS.toLocaleString('en-US')} patients tomorrow | figure |`);
  console.log('| --- | --- |');
  console.log(
    `| texts planned (queued by the campaign) | ${planned.toLocaleString('en-US')} (${JSON.stringify(queued)}) |`,
  );
  console.log(`| planning time | ${(planMs / 1000).toFixed(2)} s |`);
  console.log(
    `| sending time at ${PACE.toLocaleString('en-US')} segments/s | ${(sendMs / 1000).toFixed(2)} s (${Math.round(sent / (sendMs / 1000))} texts/s, ${sent} sent) |`,
  );
  console.log(
    `| until every text is delivered (sandbox reports via the status webhook) | ${(deliveredMs / 1000).toFixed(2)} s |`,
  );
  console.log(`| at Twilio's pace, one long code | ${Math.round(planned / 60)} min |`);
  console.log(
    `| peak memory | RSS ${Math.round(peakRss / 2 ** 20)} MiB, heap ${Math.round(peakHeap / 2 ** 20)} MiB |`,
  );
  console.log(
    `| texts stored (each patient once) | ${texts.toLocaleString('en-US')} (the demo practice's own visits tomorrow: ${texts - PATIENTS}) |`,
  );
  console.log(
    `| load average (1/5/15 min) | ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')} |`,
  );
  // The demo practice's own visits tomorrow (as many as the seed's day holds) are reminded too.
  const ours = await count(
    `kind = 'reminder' and to_number in (select phone from patients where family_name = 'Texter')`,
    practiceId,
  );
  if (ours !== PATIENTS || texts !== planned)
    throw new Error(
      `Expected ${PATIENTS} texts to the benchmark's patients, stored ${ours} (${texts} in all)`,
    );
} finally {
  clearInterval(sampler);
  await app.close();
  await database.dispose();
}
