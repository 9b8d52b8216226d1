import type { Tx } from '../client';
import {
  appointments,
  appointmentTypes,
  operatories,
  patients,
  providers,
  providerWorkingHours,
  type AppointmentStatus,
} from '../schema/index';
import { uniqueConfirmationNumber, type Random } from './random';
import { overlaps, type Interval } from '../../integrations/practice-management/slots';
import { addMinutesToWall, instantFromWall, wallAt, wallFromInstant } from '../../lib/wall-time';
import { appointmentNotes } from '../../lib/appointment-notes';

export const DEMO_PATIENT_COUNT = 80;
export const DEMO_APPOINTMENT_TARGET = 150;
/** Mon–Fri, matching the spec's fallback slot list (09:00 … 17:00 starts). */
export const DEMO_WORKING_BLOCKS: readonly Interval[] = [
  { start: 9 * 60, end: 12 * 60 },
  { start: 14 * 60, end: 17 * 60 + 30 },
];

/** What one demo practice's schedule is made of; the seeded generator makes the rest. */
export interface DemoScheduleData {
  providers: readonly { name: string; displayName: string; kind: 'dentist' | 'hygienist' }[];
  rooms: readonly { name: string; displayName: string }[];
  /** Working blocks by weekday (0 = Sunday); a day without blocks is closed. */
  hours: Readonly<Partial<Record<number, readonly Interval[]>>>;
  patientCount: number;
  appointmentTarget: number;
  /** Appointment type codes each kind of provider sees (a code may repeat to weigh it). */
  types: { dentist: readonly string[]; hygienist: readonly string[] };
  givenNames: readonly string[];
  familyNames: readonly string[];
  areaCodes: readonly string[];
  visitNotes: readonly string[];
}

const BRIGHT_SMILE_PROVIDERS = [
  { name: 'Sarah Chen', displayName: 'Dr. Sarah Chen', kind: 'dentist' },
  { name: 'Michael Rodriguez', displayName: 'Dr. Michael Rodriguez', kind: 'dentist' },
  { name: 'Emily Thompson', displayName: 'Dr. Emily Thompson', kind: 'dentist' },
  { name: 'Jessica Park', displayName: 'Jessica Park, RDH', kind: 'hygienist' },
] as const;

const HYGIENE_TYPES = ['dental_cleaning', 'dental_cleaning', 'periodontal_treatment', 'dental_checkup'];
const DENTIST_TYPES = [
  'dental_checkup',
  'dental_examination',
  'filling',
  'filling',
  'root_canal',
  'teeth_whitening',
  'orthodontic_consultation',
  'oral_surgery',
  'emergency_dental',
];

const GIVEN = [
  'Olivia',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Charlotte',
  'Benjamin',
  'Amelia',
  'Henry',
  'Harper',
  'Theodore',
  'Evelyn',
  'Jack',
  'Luna',
  'Samuel',
  'Grace',
  'David',
  'Chloe',
  'Daniel',
  'Priya',
  'Wei',
  'Fatima',
  'Diego',
  'Aisha',
  'Kenji',
];
const FAMILY = [
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Cohen',
  "O'Brien",
  'Rossi',
  'Silva',
];
const AREA_CODES = ['212', '646', '917', '718', '347', '929'];
const VISIT_NOTES = [
  '',
  '',
  'Prefers morning appointments.',
  'Anxious patient; explain each step before starting.',
  'Sensitivity on the lower left molar when drinking cold water.',
  'Insurance: Delta Dental PPO. Bring updated card.',
  'Follow-up on the filling placed last visit.',
  'Requested a reminder call the day before.',
  'Crown on upper right feels loose.',
  'New patient referred by a family member.',
];

const MON_FRI = Object.fromEntries([1, 2, 3, 4, 5].map((weekday) => [weekday, DEMO_WORKING_BLOCKS]));

export const BRIGHT_SMILE_SCHEDULE: DemoScheduleData = {
  providers: BRIGHT_SMILE_PROVIDERS,
  rooms: [1, 2, 3, 4].map((n) => ({
    name: `OP${n}`,
    displayName: `Operatory ${n}${n === 4 ? ' (Hygiene)' : ''}`,
  })),
  hours: MON_FRI,
  patientCount: DEMO_PATIENT_COUNT,
  appointmentTarget: DEMO_APPOINTMENT_TARGET,
  types: { dentist: DENTIST_TYPES, hygienist: HYGIENE_TYPES },
  givenNames: GIVEN,
  familyNames: FAMILY,
  areaCodes: AREA_CODES,
  visitNotes: VISIT_NOTES,
};

/** The built-in schedule of one demo practice; runs inside the demo seed's transaction. */
export async function seedDemoSchedule(
  tx: Tx,
  practice: { id: string; timeZone: string },
  data: DemoScheduleData,
  random: Random,
  now: Date,
): Promise<void> {
  const { id: practiceId, timeZone } = practice;
  const insertedProviders = await tx
    .insert(providers)
    .values(data.providers.map((p) => ({ ...p, practiceId })))
    .returning();
  const rooms = await tx
    .insert(operatories)
    .values(data.rooms.map((room) => ({ ...room, practiceId })))
    .returning();
  await tx.insert(providerWorkingHours).values(
    insertedProviders.flatMap((p) =>
      Object.entries(data.hours).flatMap(([weekday, blocks]) =>
        (blocks ?? []).map((b) => ({
          practiceId,
          providerId: p.id,
          weekday: Number(weekday),
          startMinute: b.start,
          endMinute: b.end,
        })),
      ),
    ),
  );

  const phones = new Set<string>();
  const people = Array.from({ length: data.patientCount }, () => {
    let phone: string;
    do phone = `+1${random.pick(data.areaCodes)}${random.int(200, 989)}${random.int(1000, 9999)}`;
    while (phones.has(phone));
    phones.add(phone);
    const givenName = random.pick(data.givenNames);
    const familyName = random.pick(data.familyNames);
    const email = random.chance(0.8)
      ? `${givenName}.${familyName}`.toLowerCase().replace(/[^a-z.]/g, '') +
        `${random.int(1, 99)}@example.com`
      : null;
    return { practiceId, givenName, familyName, phone, email };
  });
  const insertedPatients = await tx.insert(patients).values(people).returning();
  const types = new Map((await tx.select().from(appointmentTypes)).map((t) => [t.code, t]));

  const today = wallFromInstant(now, timeZone).slice(0, 10);
  const workdays = Array.from({ length: 36 }, (_, i) =>
    addMinutesToWall(`${today}T00:00:00`, (i - 14) * 1440),
  )
    .map((wall) => wall.slice(0, 10))
    .filter((date) => (data.hours[new Date(`${date}T12:00:00Z`).getUTCDay()]?.length ?? 0) > 0);
  const taken: { date: string; interval: Interval; providerId: string; roomId: string; patientId: string }[] =
    [];
  const confirmations = new Set<string>();
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (let attempt = 0; attempt < 5000 && rows.length < data.appointmentTarget; attempt++) {
    const date = random.pick(workdays);
    const provider = random.pick(insertedProviders);
    const type = types.get(random.pick(data.types[provider.kind]));
    const block = random.pick(data.hours[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? []);
    if (!type || !block) continue;
    const steps = Math.floor((block.end - block.start - type.durationMinutes) / 30);
    if (steps < 0) continue;
    const start = block.start + 30 * random.int(0, steps);
    const interval = { start, end: start + type.durationMinutes };
    const clash = (t: (typeof taken)[number]) => t.date === date && overlaps(t.interval, interval);
    if (taken.some((t) => clash(t) && t.providerId === provider.id)) continue;
    const room = rooms.find((r) => !taken.some((t) => clash(t) && t.roomId === r.id));
    if (!room) continue;
    // One person, one place at a time (the database refuses overlapping appointments of one patient).
    const patient = random.pick(insertedPatients);
    if (taken.some((t) => clash(t) && t.patientId === patient.id)) continue;
    taken.push({ date, interval, providerId: provider.id, roomId: room.id, patientId: patient.id });

    const startsAt = instantFromWall(wallAt(date, start), timeZone);
    const status: AppointmentStatus =
      startsAt < now
        ? random.pick(['completed', 'completed', 'completed', 'completed', 'cancelled', 'confirmed'] as const)
        : random.pick(['confirmed', 'confirmed', 'pending', 'pending', 'pending', 'cancelled'] as const);
    const confirmationNumber = uniqueConfirmationNumber(random, confirmations);
    rows.push({
      practiceId,
      patientId: patient.id,
      providerId: provider.id,
      operatoryId: room.id,
      appointmentType: type.code,
      startsAt,
      endsAt: instantFromWall(wallAt(date, interval.end), timeZone),
      status,
      confirmationNumber,
      notes: appointmentNotes({
        phone: patient.phone,
        email: patient.email ?? undefined,
        type: type.label,
        notes: random.pick(data.visitNotes),
      }),
    });
  }
  await tx.insert(appointments).values(rows);
}
